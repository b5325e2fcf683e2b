import { HtmlValidate } from 'html-validate';
import { request, type JsonResponse } from '../support/http.js';

/** Helpers of the web page tests: fetch a page, and hold it to the HTML5 standard. */

const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  // The pages inline their one small stylesheet on purpose (no extra request, no CDN).
  rules: { 'no-inline-style': 'off' },
});

export async function getPage(url: string): Promise<JsonResponse> {
  return request(url, { headers: { accept: 'text/html' } });
}

/** The validator's messages for a document; empty when it is valid HTML5. */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} line ${m.line}: ${m.message}`));
}
