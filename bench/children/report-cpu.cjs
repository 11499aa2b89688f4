/**
 * Preloaded (`node --require`) into a benchmarked CLI process: at exit, appends the process's CPU
 * time (user + system, all threads, in ms) as one line to the file $LLM_DO_BENCH_CPU_FILE. CPU time
 * is what the work cost; the wall time also holds whatever else the shared machine ran meanwhile.
 */
const { appendFileSync } = require('node:fs');

process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  appendFileSync(process.env.LLM_DO_BENCH_CPU_FILE, `${(user + system) / 1000}\n`);
});
