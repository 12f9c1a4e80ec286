# Reads the harness's raw CSV (date,mode,runtime,test,run,total,gc,gcs,
# rss_kib,status) and prints one elisp-benchmarks-style table per
# runtime, then medians as ratios against marrow's default policy
# (BENCH_DEFAULT), then medians with their spread.
function sorted(key, a,   n, i, j, t) {   # the samples of KEY in A, ascending
  n = split(samples[key], a, " ")
  for (i = 2; i <= n; i++)          # insertion sort: n is tiny
    for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
  return n
}
function median(key,   n, a) {
  n = sorted(key, a)
  return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function spread(key,   n, a) {     # max - min
  n = sorted(key, a)
  return a[n] - a[1]
}
function header(title,   r) {
  printf "\n%s\n| %-14s |", title, "test"; for (r = 1; r <= nrt; r++) printf " %16s |", rts[r]; printf "\n"
  printf "|----------------|"; for (r = 1; r <= nrt; r++) printf "------------------|"; printf "\n"
}
# Counting mode: one run each, the instruction count in the total's place.
function count_table(   i, r, key, base) {
  header("Instructions (millions, callgrind) as a ratio of " default_rt " (lower is fewer)")
  for (i = 1; i <= nt; i++) {
    printf "| %-14s |", tests[i]
    key = default_rt SUBSEP tests[i]
    base = key in n ? median(key) : 0
    for (r = 1; r <= nrt; r++) {
      key = rts[r] SUBSEP tests[i]
      if (!(key in n) || (key in failed)) printf " %16s |", (key in failed) ? failed[key] : "-"
      else if (base > 0) printf " %6.3fx %7.1fM |", median(key) / base, median(key) / 1e6
      else printf " %15.1fM |", median(key) / 1e6
    }
    printf "\n"
  }
}
{
  rt = $3; t = $4; key = rt SUBSEP t
  if (!(rt in seen_rt)) { seen_rt[rt] = 1; rts[++nrt] = rt }
  if (!(t in seen_t)) { seen_t[t] = 1; tests[++nt] = t }
  n[key]++; sum[key] += $6; sq[key] += $6 * $6; gc[key] += $7; gcs[key] += $8
  if ($9 > rss[key]) rss[key] = $9
  samples[key] = samples[key] " " $6
  if ($10 != "ok") failed[key] = $10
}
END {
  default_rt = ENVIRON["BENCH_DEFAULT"] != "" ? ENVIRON["BENCH_DEFAULT"] : "marrow-hint"
  if (ENVIRON["BENCH_MODE"] == "count") { count_table(); exit }
  for (r = 1; r <= nrt; r++) {
    rt = rts[r]
    printf "\n%s\n", rt
    printf "| %-14s | %10s | %8s | %6s | %9s | %7s | %8s |\n", "test", "non-gc (s)", "gc (s)", "gcs", "total (s)", "err (s)", "rss (MiB)"
    printf "|%s|%s|%s|%s|%s|%s|%s|\n", "----------------", "------------", "----------", "--------", "-----------", "---------", "-----------"
    for (i = 1; i <= nt; i++) {
      key = rt SUBSEP tests[i]
      if (!(key in n)) continue
      m = sum[key] / n[key]; g = gc[key] / n[key]
      v = sq[key] / n[key] - m * m; err = v > 0 ? sqrt(v) : 0
      printf "| %-14s | %10.3f | %8.3f | %6d | %9.3f | %7.3f | %9.1f |%s\n", tests[i], m - g, g,
        gcs[key] / n[key], m, err, rss[key] / 1024, (key in failed) ? " FAILED " failed[key] : ""
    }
  }
  header("Median total time as a ratio of " default_rt " (lower is faster)")
  for (i = 1; i <= nt; i++) {
    printf "| %-14s |", tests[i]
    base = (default_rt SUBSEP tests[i]) in n ? median(default_rt SUBSEP tests[i]) : 0
    for (r = 1; r <= nrt; r++) {
      key = rts[r] SUBSEP tests[i]
      if (!(key in n)) printf " %16s |", "-"
      else if (base > 0) printf " %7.2fx %6.2fs |", median(key) / base, median(key)
      else printf " %15.2fs |", median(key)
    }
    printf "\n"
  }
  header("Median total time (s) and, in parentheses, its spread (max - min) over the runs")
  for (i = 1; i <= nt; i++) {
    printf "| %-14s |", tests[i]
    for (r = 1; r <= nrt; r++) {
      key = rts[r] SUBSEP tests[i]
      if (key in n) printf " %7.3f (%6.3f) |", median(key), spread(key)
      else printf " %16s |", "-"
    }
    printf "\n"
  }
}
