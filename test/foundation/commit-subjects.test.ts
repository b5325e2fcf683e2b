import { execFileSync } from 'node:child_process';

/** Just after the last commit made before subjects were checked (e8ae59d); older history keeps its own. */
const checkedSince = '2026-11-27T00:12:10Z';
const maxSubjectLength = 72;
/** Subjects over the limit that branches were already built on; history is not rewritten, so each says why it stays. */
const keptOverTheLimit = new Map([
  ['59dce82', 'written on a branch that did not have this check yet, and merged before it ran there'],
  ['d13222d', 'committed without running this check; four branches were started on it before it was seen'],
  ['0bb294e', "a helper's branch, merged with main and built on before the check ran on it"],
]);

function subjectsTooLong(subjects: string[]): string[] {
  return subjects.filter((subject) => subject.length > maxSubjectLength);
}

function commitSubjectsSince(since: string): string[] {
  const out = execFileSync('git', ['log', '--no-merges', `--since=${since}`, '--format=%h %s', '--abbrev=7'], {
    cwd: process.cwd(),
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean);
}

describe('commit subjects', () => {
  it('refuses a subject over 72 characters and keeps one of exactly 72', () => {
    expect(subjectsTooLong(['x'.repeat(72), 'y'.repeat(73)])).toEqual(['y'.repeat(73)]);
  });

  it('are at most 72 characters for every commit after the rule began, merges aside', () => {
    const subjects = commitSubjectsSince(checkedSince)
      .filter((line) => !keptOverTheLimit.has(line.slice(0, 7)))
      .map((line) => line.slice(line.indexOf(' ') + 1));
    expect(subjectsTooLong(subjects)).toEqual([]);
  });
});
