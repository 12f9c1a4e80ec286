# Mean totals as a gnuplot data block: one row per test, one column
# per runtime.
{ rt = $3; t = $4
  if (!(rt in sr)) { sr[rt] = 1; rts[++nr] = rt }
  if (!(t in st)) { st[t] = 1; ts[++nt] = t }
  k = rt SUBSEP t; tot[k] += $6; n[k]++ }
END {
  printf "test"; for (r = 1; r <= nr; r++) printf " %s", rts[r]; printf "\n"
  for (i = 1; i <= nt; i++) {
    printf "%s", ts[i]
    for (r = 1; r <= nr; r++) { k = rts[r] SUBSEP ts[i]; printf " %s", (k in n) ? tot[k] / n[k] : "NaN" }
    printf "\n"
  }
}
