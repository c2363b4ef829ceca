import { performance } from 'node:perf_hooks'

// Timing and printing shared by the benchmark's steps.

export const CHEAP_RUNS = 5
export const EXPENSIVE_RUNS = 3

export const maxRssMb = (): number => process.resourceUsage().maxRSS / 1024
export const cpuSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

// ---------------------------------------------------------------- in-process timing

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
}

export async function timed<T>(
  runs: number,
  work: () => T | Promise<T>,
): Promise<{ ms: number; cpuMs: number; result: T }> {
  const times: number[] = []
  const cpuTimes: number[] = []
  let result: T | undefined
  for (let run = 0; run < runs; run++) {
    collectGarbage()
    const start = performance.now()
    const cpu = process.cpuUsage()
    result = await work()
    times.push(performance.now() - start)
    cpuTimes.push(cpuSince(cpu))
  }
  return { ms: median(times), cpuMs: median(cpuTimes), result: result as T }
}

// ---------------------------------------------------------------- printing

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
export const number = (n: number): string => n.toLocaleString('en-US')
export const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED')
export const ratio = (value: number, floor: number): string => `${(value / Math.max(floor, 0.001)).toFixed(1)}×`

export function row(
  name: string,
  value: string,
  cpu: string,
  floor: string,
  ratio: string,
  target: string,
  ok: string,
): void {
  console.log(
    `${name.padEnd(42)}${value.padStart(9)}${cpu.padStart(9)}${floor.padStart(9)}${ratio.padStart(8)}   ${target.padEnd(10)}${ok}`,
  )
}
