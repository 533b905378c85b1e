// Times min2phase (github.com/cs0x7f/min2phase) on the facelet strings of a
// file, one thread, after a warm-up pass over the same cubes: the mean
// milliseconds a cube for solutions of at most the given length, as
// cubecensus's BenchmarkTwoPhase20 and 21 measure its own solver.
import cs.min2phase.Search;
import cs.min2phase.Tools;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

public class Time {
    public static void main(String[] args) throws Exception {
        List<String> cubes = Files.readAllLines(Paths.get(args[0]));
        int maxLength = Integer.parseInt(args[1]);
        long t0 = System.nanoTime();
        Search.init();
        long init = System.nanoTime() - t0;
        Search search = new Search();
        for (int pass = 0; pass < 2; pass++) {
            long start = System.nanoTime();
            long moves = 0;
            for (String f : cubes) {
                String s = search.solution(f, maxLength, 100000000, 0, 0);
                if (s.startsWith("Error")) {
                    throw new IllegalStateException(f + ": " + s);
                }
                moves += s.trim().isEmpty() ? 0 : s.trim().split("\\s+").length;
            }
            double ms = (System.nanoTime() - start) / 1e6 / cubes.size();
            if (pass == 1) {
                System.out.printf("min2phase, at most %d moves: %.3f ms a cube, %.2f moves, %d cubes (tables %.0f ms)%n",
                        maxLength, ms, (double) moves / cubes.size(), cubes.size(), init / 1e6);
            }
        }
    }
}
