package centers

// seed000Lines is the list of seed 000 ("Cubes with Twisted Centers"): the
// 73 nontrivial classes, each as a face-turn maneuver with its length
// "(14f*)", a slice-turn maneuver "(8s*)" where given, and the twist the
// maneuvers give the centers ("u+ d-", tab-separated). It is kept as
// printed, damage included (see Seed000): an oracle to compare with, never
// a source of the stage's figures.
const seed000Lines = `U R L U2 R' L' U R L U2 R' L' (12f*,12s*)	u++
U2 L' R B2 D2 F2 L R' D2 B2 (10f*) M U2 B2 D2 M' D2 B2 U2 (8s*)	u++ f++
U2 R2 F2 B2 L2 D2 R2 F2 B2 L2 (10f*) L2 S2 L2 U2 R2 S2 R2 U2 (8s*)	u++ d++
U R L F2 B2 R' L' D' R L F2 B2 R' L' (14f*) M' E2 M U' M E2 M' U (8s*)	u+ d-
U F B L R' U' D' F' U D L' R F' B' (14f*) S' E' S U' S' E S U (8s*)	u+ f-
U R U R2 U' R' B2 L2 F2 D R2 F2 L B2 L (15f*) M E2 L2 F2 R' L' F' M' S2 R2 U2 L' R' U' (14s*)	u+ d+
U F U' D' F2 L' R F B U F' B' L R' F2 D (16f*) D' F D U F2 U2 M E R E' M' U2 F2 U' (14s*)	u+ f+
R L D2 R' L' D F2 R2 D2 L2 B2 R2 U2 B2 L2 D (16f*) z2 S E F2 L2 B2 E' S U' B F U2 B' F' U' (14s*)	u++ d++ f++
U R U D F' B R' L U' D F2 D' R L' F B' D' (17f*) y L2 S' E' S E L2 D M E M' U' (11s*)	u+ f++ r+
U D F2 U D' F R2 U2 D2 L2 B' U2 B2 R2 D2 L2 F2 (17f*) M S2 M D' M U M2 S2 D M' U' (11s*)	u++ f+ b+
U R U R2 U' D' L' F2 D2 B2 R' D L U D' B2 D' (17f*) x' B' L' E R2 E' M' U2 F2 U2 R D U R2 U' (14s*)	u++ f++ r++
F U R L' U' D R' L F B' R' L F' U D' R L' B' (18f*) S' E' S U' M S' E S M' U (10s*)	u+ f+ b++
U F B' R2 F B L2 B2 D' F2 R2 D2 R2 F2 R2 D2 B2 L2 (18f*) y2 x' D2 M E R2 E' M D2 F' R2 E2 M' U2 L' R' U' (15s*)	u+ d- f++
L' D2 B2 R' U2 B2 D2 L' F2 L2 U L U' L' U' L' U' L U (19f*) z x' L' B2 E R L F' D2 S' E' R2 S' D U R' U' (15s*)	u+ f++ r-
U B U' B' U' B' U' B U F2 R2 U2 L2 F B2 R2 D2 L2 B2 (19f*) z S' M2 B2 U2 F2 M S' L' S M F2 U2 B' F' U' (15s*)	u+ d++ f-
U2 F2 L R' U2 F2 B2 U2 L' R F2 D2 (12f*) S2 D2 M' U2 S2 D2 M' U2 (8s*)	u++ d++ f++ b++
U F2 L2 U F2 R2 B2 D F2 L2 D R2 B2 L2 (14f*) y M' E2 B2 M' B2 E' M D2 M' D' U' (11s*)	u++ d++ f++ l++
U F L' R U' D F B' L' U D' L R' F' B D' (16f*) z' E S E' B' M' E' M E F (9s*)	u+ d- f+ l-
U F' B L' R U R' F B' U' D L R' F L' D' (16f*) y' x' E' S E B' R S M' S' L' U (10s*)	u+ f+ r- l-
U F2 U2 F2 U2 L2 R2 B2 D' F2 U2 B2 U2 L2 R2 B2 (16f*) S E2 S' U M S' E2 S M' U' (10s*)	u+ d- f++ b++
U B F R' L U' D' B F' U D R L' B' F' D' (16f*) S M S M' S' E S' E' (8s*)	u+ d- f- b+
U L2 F2 B2 R2 D' F B R2 U2 F B L2 U2 F2 L2 (16f*) y' S' E2 S D S U2 S E S' D2 S U' (12s*)	u+ d- f++ l++
U F B L' R U' D' F2 B' U D L R' F' B' D2 (16f*) S E' S' U M2 S E S' M2 U' (10s*)	u+ d++ f++ b-
U B F R L' U' D' B' F' U D R' L B' F' D (16f*) y' E' S' E S U' D' S' E' S U2 (10s*)	u+ d+ f- b-
U F2 R2 L2 B2 D F2 U2 B U2 R2 L2 D2 F D2 B2 (16f*) S' E S U D M S' E' S M' D' U' (12s*)	u+ d+ f+ b+
U R' F2 R L' U' D F B' R' L' U R' L F' B D' (17f*) y' x' E' S E B' R2 S M' S' L' R' U (11s*)	u+ f++ r++ l-
U F U B L2 B R2 F2 U F2 R2 B2 U' D F' U' F2 (17f*)	u+ d+ f++ l++
y x M B2 M' S' R2 U2 L2 B R2 E2 M' U2 L' R' U' (15s*)	u+ u+ l++ l++
U D' F' B' L2 B2 U F B' U' D' B' L2 R2 F L2 D2 B (18f*) S' M B2 D S2 D' R2 F2 D' M S' L2 F2 R2 U' (15s*)	u+ f+ r++ l++
U L U D L2 D2 B' F L R' U L R U2 R2 B F' D' (18f*) L E M D2 F2 D' U' F E' S U2 L2 D' U' (14s*)	u+ d++ r++ l+
U L R F2 B2 U2 L' R' D' F B' L2 F B U2 D2 L2 F2 (18f*) x' M B2 M S2 L2 D2 L2 F R2 E2 M' D2 L' R' U' (15s*)	u+ d+ f++ b++
U' L' U L U L U L' U' R' L' U2 B2 D2 L B2 U2 F2 R2 (19f*) z L' D L R D2 S M' S' L2 B E S' D2 R2 U' (15s*)	u+ d++ f++ r+
U2 B2 L B2 D' U R L' B F D U F' R' L D U B' F' (19f*) y' E' B F M S R2 U' R L U2 L2 S' M' F' U2 (15s*)	u+ d+ f- l+
U F B L2 U D' F' B' U' D L2 F' L R F2 L' R' B' D (19f*) z' x E S M' E' F2 U2 B' F' D' L R U2 L' R' U' (15s*)	u+ d+ f+ b-
U F B' L' R' U F2 U2 D2 B2 L' R' F' B U D L R2 D (19f*) y' S M E S' E' M' D' M E' M' U (11s*)	u+ f++ b++ l-
U R' L' F' B U D R D' F B' R L U' D' R2 U2 F U2 R2 (20f*) z2 x' F' R2 B2 M' S M S2 U' B' F' U2 B2 M S' R' U' (16s*)	u+ d- f+ r+
U L R B' L2 D2 R2 F2 U D' L U D F' U2 R2 D2 B2 L R' (20f*) z' x E' M E R' F E M S M' E' B' U (12s*)	u+ f+ b+ l+
U F U2 D2 F B' R L F2 R L B U' D' F2 D (16f*) z x2 L' B2 L R F' D' U' B2 D' U' S' E2 F' U' (14s*)	u++ d++ f++ r++ l++
U R L U2 L2 U' D R' L D2 F2 U' D' R L' D' (16f*) E' M E M' U2 S' M' S M U2 (10s*)	u+ d+ f++ r+ l-
U R U D' F' B R L' D' F B2 U' D R' L F B' (17f*) x E M E' R2 L S E' S' E R (10s*)	u+ d- f+ b++ r+
U R L' B' U D F' B R' L U' D F2 R F B' D' (17f*) z' M E M' E' L2 F M' S M B' U2 (11s*)	u+ d+ f++ b- r+
U D R2 U D' L2 U2 F2 L F2 U2 D2 B2 R' D2 L2 F2 (17f*) z2 x' M S' M' F2 M' S' L E M2 E' R' U2 (12s*)	u++ f++ b++ r+ l+
U R U D' F' B R L' D' F2 B2 U' D R' L F B' D' (18f*) x' S M S M S2 L' E M E' R (10s*)	u+ d++ f++ b++ r+
U R L2 U D F' B R' L U' D F2 D R L' F B' D' (18f*) y x S2 E' S' E F R2 S' M S L R U' (12s*)	u+ d++ f++ r+ l++
F B U2 R2 L2 F' B' U R2 F2 U2 R2 F2 R2 D2 R2 F2 D (18f*) x2 S' E2 S U' B' L' R' F2 L R B' D' U' F2 U' (15s*)	u+ d- f++ r++ l++
U R L U2 L2 F U D F' B' R L' U D' F2 R' F' B D (19f*) y' E' B F M' S L2 D' M E' L2 B2 L' R' F' U2 (15s*)	u+ d+ f+ r+ l++
U F2 R L' U' D F B R' L' F' U D' R L F B R2 F2 (19f*) F2 M S R L U' D' L' S' M' B2 U2 B' F' U' (15s*)	u+ f+ b++ r- l-
U2 F' B' R2 U D B L' R' U' D F B R U' D' F2 L R (19f*) z' x S' M S R' F M' E S E' M B' U (12s*)	u+ d+ f++ b+ r-
U R2 F R2 B R2 U D R2 L F' B' U' R2 D' F' B' L' D (19f*) z' x' E' S' D2 M' F2 U D M B' R2 S' M D2 L R U' (16s*)	u+ d+ f- b- r++
U R2 F2 B U2 L F2 U2 D2 B2 R D2 B' L2 D F2 R2 L2 B2 (19f*)	u+ d+ f++ r+ l+
y x2 S' U2 M E' S M' F2 L2 B2 D L R U2 L' R' U' (16s*)	u+ d++ f++ r++ l-
U R F2 R' L B2 U D F B R' L U' R' L' F' B L2 D (19f*) z2 x' F' R2 E' F B R' S M B2 D2 S M F2 R' U' (15s*)	u+ d- f++ r+ l-
U R U D R2 U' D' L U D' R L F2 L2 U' D R L' D' (19f*) y x E R L F2 R2 E' S M D' L R D2 L' R' U' (15s*)	u+ d- f++ b- r+
U R U' D' F' B R L D R2 U2 B U' D R L' B2 D2 F' B' (20f*) z' R' B' E S D2 R2 U' D' R' S' E' S U2 F2 U' (15s*)	u+ f++ b- r++ l++
U D' F B U F' B' U' D' B' U2 F2 B L2 D2 B U2 B R2 B (20f*) z' D' S' E S D' F2 U' D' B' M' S R2 U2 L' R' U' (16s*)	
U R L U2 D2 R' L' F2 B2 U' D' R2 L2 D (14f*) S2 E M S2 M S M2 S' E' (9s*)	u++ d++ f++ b++ r++ l++
U L R' U D' L R' U' D B2 F2 L' R D' (14f*) S2 M' S' E M S' E' (7s*)	u+ d- f++ b++ r- l+
U R L U' D F2 R L' U D R' L B2 D' (14f*) y' E' M U2 S U D S' D2 M' U2 (10s*)	u+ d+ f++ b++ r+ l+
U R L F2 B2 R' L' D F B R2 L2 F' B' D2 (15f*) y M E2 M' D S2 E' M S2 M' U' (10s*)	u+ d- f++ b++ r++ l++
U2 R L D' F' B' R2 L2 D2 F B U' R' L' F2 B2 (16f*) y2 F B M2 D2 B' F' U' R L S2 D2 L' R' U' (14s*)	u+ d+ f++ b++ r++ l++
R L' U D' L F B' U D' R L' F' U D' F B' U2 D2 (18f*) S' E' S M E R' S M' S' R (10s*)	u+ d- f+ b++ r++ l-
U F L R' U' D F' B L R2 B2 U D' L' R F B' D (18f*) y2 S E' S' D2 M' E' R S' M S R' U2 (12s*)	u+ d+ f+ b++ r++ l+
R2 U2 L' F2 D2 U2 L2 R2 F2 R' U2 R2 D' L2 B2 F2 R2 U' (18f*) E' S' E S U2 S' E M E' S M' U2 (12s*)	u+ d+ f++ b++ r- l-
F U' D' B R L F' U' D' B R L F U' D' B' R L (18f*) M' E R2 B2 L2 S' D' M E' S L2 D M2 D' B2 R2 U' (17s*)	u+ d+ f+ b+ r- l-
U R' F B' D R L' F' U D' L F B' U' R L' B D' (18f*) S E' M' S' E M U S2 M S2 M' U' (12s*)	u+ d- f+ b- r+ l-
U R F' B' L2 B2 U D' R' L B R2 U' D F' B R' L' D (19f*) y' E' R B' F' L2 B2 E S' D B2 M S L' R' U2 (15s*)	u+ d+ f++ b- r+ l++
F U R2 F B' U D F' B L2 U' D' F B D F' B' D2 B (19f*) z' x2 R' F M' E S D2 L2 U2 M' E F D U F2 U' (15s*)	u+ d- f+ b+ r++ l++
U R2 U2 D2 L2 F B R L' U' D' B U' D' R' L F B D2 (19f*) y M E' M' D M2 E' M' S' E' S M' U' (12s*)	u+ d++ f++ b- r++ l++
F' U D B2 D2 F B' R' L U D' R' F B' U' D L2 B2 R' L' (20f*) z L' B2 R2 S' M' S D' M E' R2 B2 L R F' U' (15s*)	u+ d- f+ b++ r+ l++
U L R U2 D' B2 U R2 D L R' U D L2 R' F2 L D2 R D' (20f*) z x' L' F2 E' M E' L2 U' B' F' D2 M' S M' F2 R' U' (16s*)	u+ d++ f++ b++ r++ l+
U F L2 F R2 F U D' R' D2 R2 F B' U' F B' L2 D2 L' D' (20f*) y x' M' S' E' M E B R' S' M' S L' R2 U' (13s*)	u+ d++ f+ b++ r- l-
L R D' F' B' L2 R B2 L' F' B' U' L R D2 F L2 F2 B' U2 (20f*) z2 R U2 M E2 R2 B' E S' M E' S L2 U2 L' R' U' R (17s*)	u+ d+ f+ b- r- l+
U F2 R2 B2 L F2 U2 D2 B2 R' D R2 F2 L2 B R2 U2 D2 L2 F' (20f*) z' x F E M E' R' L' U2 S' E B' M' S2 R2 U2 L' R' U' R (18s*)	u+ d+ f+ b+ r+ l+
F U F B' R2 L U' D F' B2 R L' D' R L' B U D' R' B' (20f*) x' E M' E' L' E' S E F M S' M' F' R (13s*)	u+ d- f+ b+ r- l-
U D R' L U D' B R L' U D R' L B D2 L2 B' U2 D2 F R2 (21f*) y M' E M D M' S M F' E S' E' F U' (13s*)	u+ d+ f+ b+ r+ l-`
