# Bar chart of mean total time per test and runtime (log scale).
set terminal pngcairo size 1200,600 noenhanced
set output outfile
set title "marrow benchmarks: total time per test (lower is faster)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set yrange [0.001:*]
set ylabel "seconds (log scale)"
set xtics rotate by -30
set key outside right top
set grid ytics
plot for [c=2:*] datafile using c:xtic(1) title columnheader
