#include "go_asm.h"
#include "textflag.h"

// The prepass's passes over a target page's rows (extendRows in
// bitmap.go, whose Go passes udRowsGo, fbRows and rlRows these follow
// step for step). Every source pointer stays in a register for the whole
// loop, which Go's register allocator did not manage, and the four half
// turns take one pass. A source row is read as the 32 bits at its byte
// offset, whose fourth byte (the next row's first) each step masks off.

// func udRows(acc *[nRows]uint32, offsets *[nRows][nUDMoves / 2]uint32, u1, u2, u3, d1, d2, d3 unsafe.Pointer)
TEXT ·udRows(SB), NOSPLIT, $0-64
	MOVQ acc+0(FP), DI
	MOVQ offsets+8(FP), SI
	MOVQ u1+16(FP), R8
	MOVQ u2+24(FP), R9
	MOVQ u3+32(FP), R10
	MOVQ d1+40(FP), R11
	MOVQ d2+48(FP), R12
	MOVQ d3+56(FP), R13
	LEAQ (const_nRows*4)(DI), CX // the end of acc

udLoop:
	// offsets: the six 16-bit offsets of the target row's sources, in order.
	MOVWLZX 0(SI), AX
	MOVWLZX 2(SI), DX
	MOVL    (R8)(AX*1), BX
	ORL     (R9)(DX*1), BX
	MOVWLZX 4(SI), AX
	MOVWLZX 6(SI), DX
	ORL     (R10)(AX*1), BX
	ORL     (R11)(DX*1), BX
	MOVWLZX 8(SI), AX
	MOVWLZX 10(SI), DX
	ORL     (R12)(AX*1), BX
	ORL     (R13)(DX*1), BX
	ANDL    $0xffffff, BX
	MOVL    BX, (DI)
	ADDQ    $12, SI
	ADDQ    $4, DI
	CMPQ    DI, CX
	JB      udLoop
	RET

// func halfRowsAsm(to unsafe.Pointer, acc *[nRows]uint32, offsets *[nRows]uint64, r2 *halfTurn, f2, b2, r2p, l2 unsafe.Pointer) (full int, positions int64)
TEXT ·halfRowsAsm(SB), NOSPLIT, $0-80
	MOVQ to+0(FP), R13
	MOVQ acc+8(FP), DI
	MOVQ offsets+16(FP), SI
	MOVQ r2+24(FP), R12
	MOVQ f2+32(FP), R8
	MOVQ b2+40(FP), R9
	MOVQ r2p+48(FP), R10
	MOVQ l2+56(FP), R11
	LEAQ (const_nRows*4)(DI), CX // the end of acc
	XORQ R14, R14                // the positions, and the full rows from bit 32

halfLoop:
	// F2 and B2: f2Row(f2's row | f2b2Row(b2's row)), ORed into the row of acc.
	MOVWLZX 0(SI), AX
	MOVWLZX 2(SI), DX
	MOVL    (R8)(AX*1), BX
	MOVL    (R9)(DX*1), DX
	MOVL    DX, AX
	ANDL    $0x555555, DX
	SHRL    $1, AX
	ANDL    $0x555555, AX
	LEAL    (AX)(DX*2), DX       // f2b2Row: the even bits up one, the odd down
	ORL     DX, BX
	MOVL    BX, AX
	ANDL    $0xfff, BX
	SHLL    $12, BX
	SHRL    $12, AX
	ANDL    $0xfff, AX
	ORL     AX, BX               // f2Row: the halves exchanged
	ORL     (DI), BX

	// R2 and L2: r2.apply(r2p's row | r2l2Row(l2's row)).
	MOVWLZX 6(SI), AX
	MOVL    (R11)(AX*1), AX
	MOVL    AX, DX
	ANDL    $0x333333, AX
	SHRL    $2, DX
	ANDL    $0x333333, DX
	LEAL    (DX)(AX*4), AX       // pairs of bits exchanged
	MOVL    AX, DX
	MOVL    AX, R15
	ANDL    $0xfff, AX
	ANDL    $0x555000, DX
	SHRL    $1, R15
	ANDL    $0x555000, R15
	LEAL    (AX)(DX*2), AX
	ORL     R15, AX              // r2l2Row: and the odd half's bits in each pair
	MOVWLZX 4(SI), DX
	ORL     (R10)(DX*1), AX
	MOVL    AX, DX
	ANDL    $0xfff, AX
	SHRL    $12, DX
	ANDL    $0xfff, DX
	MOVWLZX halfTurn_fromEven(R12)(AX*2), AX
	MOVWLZX halfTurn_fromOdd(R12)(DX*2), DX
	SHLL    $12, AX
	ORL     DX, AX
	ORL     AX, BX

	// The row written (its fourth byte, 0, lands on the next row's first),
	// its positions counted, and 1<<32 more when it is full.
	MOVL    BX, (R13)
	POPCNTL BX, AX
	ADDQ    AX, R14
	INCL    BX
	SHRL    $24, BX
	SHLQ    $32, BX
	ADDQ    BX, R14
	ADDQ    $8, SI
	ADDQ    $4, DI
	ADDQ    $3, R13
	CMPQ    DI, CX
	JB      halfLoop
	MOVQ    R14, AX
	SHRQ    $32, AX
	MOVQ    AX, full+64(FP)
	MOVL    R14, R14
	MOVQ    R14, positions+72(FP)
	RET
