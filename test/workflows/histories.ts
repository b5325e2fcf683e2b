import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import protos from '@temporalio/proto';

/**
 * Recorded histories of real runs, one file per workflow type and path: <workflowType>-<variant>.json.gz
 * (a week of hourly steps is thousands of events). A history exported from the Temporal UI or CLI may be
 * added as it is, as .json or gzipped.
 */
export const historiesDir = fileURLToPath(new URL('./histories/', import.meta.url));

type History = protos.temporal.api.history.v1.IHistory;

interface ProtoJson {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): History;
}

// The SDK's historyToJSON fails when npm nests protobufjs twice (it does here), so the JSON is
// converted by the copy that built the history types: the same files the Temporal UI and CLI export.
const require = createRequire(import.meta.url);
const protoJson = createRequire(require.resolve('@temporalio/proto'))('protobufjs/ext/protojson') as ProtoJson;
const historyType = (protos as unknown as { lookupType(name: string): unknown }).lookupType('temporal.api.history.v1.History');

/** The history as the file the recorder writes: JSON, gzipped. */
export function historyFile(history: History): Buffer {
  const json = protoJson.toJson(historyType, protos.temporal.api.history.v1.History.fromObject(history));
  return gzipSync(`${JSON.stringify(json, null, 1)}\n`, { level: 9 });
}

function readHistory(path: string): History {
  const bytes = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  return protoJson.fromJson(historyType, JSON.parse(text), { ignoreUnknownFields: true });
}

export interface RecordedHistory {
  name: string;
  workflowType: string;
  history: History;
}

export function recordedHistories(): RecordedHistory[] {
  return readdirSync(historiesDir)
    .filter((file) => /\.json(\.gz)?$/.test(file))
    .sort()
    .map((file) => {
      const history = readHistory(join(historiesDir, file));
      const started = history.events?.[0]?.workflowExecutionStartedEventAttributes;
      return { name: file.replace(/\.json(\.gz)?$/, ''), workflowType: started?.workflowType?.name ?? '', history };
    });
}
