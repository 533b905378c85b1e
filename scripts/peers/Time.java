// Times min2phase (github.com/cs0x7f/min2phase) on the facelet strings of a
// file, one thread: a pass that warms the Java virtual machine, then a
// timed pass, each cube timed alone; it prints, for the timed pass, each
// cube's nanoseconds and solution, "12345 R2 U' F", for scripts/peers to
// check and sum.
import cs.min2phase.Search;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

public class Time {
    public static void main(String[] args) throws Exception {
        List<String> cubes = Files.readAllLines(Paths.get(args[0]));
        int maxLength = Integer.parseInt(args[1]);
        Search.init();
        Search search = new Search();
        long[] nanos = new long[cubes.size()];
        String[] solutions = new String[cubes.size()];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < cubes.size(); i++) {
                long start = System.nanoTime();
                String s = search.solution(cubes.get(i), maxLength, 100000000, 0, 0);
                nanos[i] = System.nanoTime() - start;
                if (s.startsWith("Error")) {
                    throw new IllegalStateException(cubes.get(i) + ": " + s);
                }
                solutions[i] = s.trim();
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < cubes.size(); i++) {
            out.append(nanos[i]).append(' ').append(solutions[i]).append('\n');
        }
        System.out.print(out);
    }
}
