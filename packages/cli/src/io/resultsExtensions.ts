/** File extensions results files are read by when found in a folder or by a glob (others, e.g. README.md or .cast recordings, are skipped). */
export const RESULTS_EXTENSIONS: readonly string[] = ['.csv', '.tsv', '.tab', '.jsonl', '.ndjson', '.json', '.eval'];
