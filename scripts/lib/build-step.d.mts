export function runBuildStep(step: {
  what: string;
  about: number;
  command: string;
  args: string[];
  cwd: string;
  tickMs?: number;
  log?: (line: string) => void;
}): Promise<number>;
