/**
 * A small reader of the Prometheus text exposition format (version 0.0.4) for tests: sample lines
 * `name{label="value",…} value`, comments and HELP/TYPE lines skipped.
 */

/** One sample: metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Parses exposition text into samples, and each `# TYPE` into `types`.
 * @throws when a line is neither a comment nor a well-formed sample.
 */
export function parsePrometheusText(text: string): {
  samples: Sample[];
  types: Map<string, string>;
} {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) {
      labels[key!] = value!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    // Values are Go floats: NaN and ±Inf in any letter case (prom-client writes `Nan`).
    const raw = match[3]!.toLowerCase();
    const value =
      raw === 'nan'
        ? NaN
        : /^[+-]?inf$/.test(raw)
          ? Number(raw.replace('inf', 'Infinity'))
          : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`bad value: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return { samples, types };
}

/** The value of the sample called `name` whose labels include `labels`, or undefined. */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}
