export async function runMemoryBench() {}
