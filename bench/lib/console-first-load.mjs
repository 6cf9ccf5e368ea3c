// Section "first-load" of bench/console.bench.mjs (filled in by the first-load work of issue 12).
export async function measure() {
  return {};
}
