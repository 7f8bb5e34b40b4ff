/**
 * Runs `step(0)` to `step(count - 1)` a slice of about `sliceMs` milliseconds at a time, each slice its own
 * task (the first too), so that drawing hundreds of things never blocks input for one long task, even on a
 * phone four times slower than the machine that measured it; then `done()`. Returns a function that stops
 * what is left. With `sliceMs` 0, each step is a task of its own.
 */
export function inSlices(count: number, step: (index: number) => void, done: () => void = () => undefined, sliceMs = 4): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (start: number) => {
    const until = performance.now() + sliceMs;
    let next = start;
    while (next < count && (next === start || performance.now() < until)) step(next++);
    if (next < count) timer = setTimeout(() => run(next), 0);
    else done();
  };
  timer = setTimeout(() => run(0), 0);
  return () => clearTimeout(timer);
}
