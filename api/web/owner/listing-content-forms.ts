/**
 * The content forms of a listing's owner page as operation bodies. Each form names its controls
 * `<form>.<body path>` (`update.title`, `milestone.date`, `story.journey`), so two forms on one page
 * never share a control id, and a refusal's body path finds its control again.
 */

/** How a form reads one posted control. */
export type ReadForm = (key: string) => string | undefined;

export interface ContentForm {
  body: Record<string, unknown>;
  /** A refusal's body path -> the control that sent it. */
  formKeyOf: (path: string) => string;
  /** What was typed, by control name, to show again after a refusal. */
  sent: Record<string, string>;
}

const prefixed = (form: string) => (path: string) => `${form}.${path}`;

function sentOf(form: string, keys: readonly string[], read: ReadForm): Record<string, string> {
  return Object.fromEntries(
    keys.flatMap((key) => (read(`${form}.${key}`) === undefined ? [] : [[`${form}.${key}`, read(`${form}.${key}`)!]])),
  );
}

/** post_listing_update: a title and a plain-text body. */
export function updateForm(read: ReadForm): ContentForm {
  const body = { title: (read('update.title') ?? '').trim(), body: (read('update.body') ?? '').trim() };
  return { body, formKeyOf: prefixed('update'), sent: sentOf('update', ['title', 'body'], read) };
}

export const milestoneKeys = ['date', 'title', 'description', 'url'] as const;

/** add_milestone: date and title, and the optional description and link when filled in. */
export function milestoneForm(read: ReadForm): ContentForm {
  const body = Object.fromEntries(
    milestoneKeys.flatMap((key) => {
      const value = (read(`milestone.${key}`) ?? '').trim();
      const optional = key === 'description' || key === 'url';
      return optional && value === '' ? [] : [[key, value]];
    }),
  );
  return { body, formKeyOf: prefixed('milestone'), sent: sentOf('milestone', milestoneKeys, read) };
}

/** set_founder_story: every section shown, so an emptied one ("") is removed. */
export function storyForm(read: ReadForm, sections: readonly string[]): ContentForm {
  const body = Object.fromEntries(
    sections.flatMap((section) => {
      const value = read(`story.${section}`);
      return value === undefined ? [] : [[section, value.trim()]];
    }),
  );
  return { body, formKeyOf: prefixed('story'), sent: sentOf('story', sections, read) };
}

/**
 * answer_interview: the questions answered on the form (one control per question, `interview.<question id>`);
 * the questions left empty are not sent, so a message about the nth answer sent names its question's control.
 */
export function interviewForm(read: ReadForm, questionIds: readonly number[]): ContentForm {
  const answered = questionIds.filter((id) => (read(`interview.${id}`) ?? '').trim() !== '');
  const body = { answers: answered.map((id) => ({ question_id: id, answer: read(`interview.${id}`)!.trim() })) };
  const formKeyOf = (path: string) => {
    const row = /^answers\.(\d+)/.exec(path);
    const id = row ? answered[Number(row[1])] : undefined;
    return id === undefined ? path : `interview.${id}`;
  };
  return { body, formKeyOf, sent: sentOf('interview', questionIds.map(String), read) };
}
