# Input: "RUNTIME TEST LINE-NUMBER workload line ... (elapsed N UNIT...)",
# one line per timing line a workload printed in a run.  Output: for each
# runtime, test and line, the median of the first number in the brackets.
function median(list,    v, n, i, j, t) {
  n = split(list, v, " ")
  for (i = 2; i <= n; i++)
    for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
  return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
match($0, /\(elapsed [0-9.]+ [^ ,)]+/) {
  key = $1 " " $2 " " $3
  split(substr($0, RSTART + 9, RLENGTH - 9), f, " ")
  if (!(key in runs)) { order[++keys] = key; unit[key] = f[2] }
  runs[key] = runs[key] " " f[1]
}
END {
  for (k = 1; k <= keys; k++) {
    split(order[k], name, " ")
    printf "  %s %s: median %s %s (%s )\n", name[1], name[2], median(runs[order[k]]),
      unit[order[k]], runs[order[k]]
  }
}
