// Loaded with `--import` into a generator child process when /usr/bin/time is not available:
// reports the process's peak resident set size on stderr when it exits.
process.on("exit", () => {
  process.stderr.write(`\nBENCH_MAXRSS_KB=${process.resourceUsage().maxRSS}\n`);
});

export {};
