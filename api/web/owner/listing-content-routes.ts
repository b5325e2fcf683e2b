import type Router from '@koa/router';
import type { Context } from 'koa';
import type { UserRow } from '../../../src/accounts/users.js';
import { notFound } from '../../../src/errors.js';
import { html } from '../../../src/platform/html.js';
import type { AppDeps } from '../../deps.js';
import { listInterviewQuestions } from '../../operations/founders-and-blog.js';
import { storySections } from '../../operations/draft-schemas.js';
import {
  addMilestone,
  answerInterview,
  deleteMilestone,
  getMyListing,
  postListingUpdateOperation,
  setFounderStory,
} from '../../operations/my-listings.js';
import { formField } from '../shared/forms/parse-form.js';
import { interviewForm, milestoneForm, storyForm, updateForm, type ContentForm } from './listing-content-forms.js';
import { updatesInWords, when } from './listing-sections.js';
import { listingView } from './listing-view.js';
import { paramOf, type OwnerRouting } from './owner-routing.js';
import { myListingPath } from './paths.js';
import { runAsOwner } from './run-operation.js';

const formKey = /^[0-9a-f-]{36}$/;

/** A listing's content: post_listing_update, add_milestone, delete_milestone, set_founder_story, answer_interview. */
export function registerListingContentRoutes(router: Router, deps: AppDeps, routing: OwnerRouting): void {
  const { posts, formOwner } = routing;
  const { listingIdOf, show, refusedOn } = listingView(deps, routing);

  /** A content form: its operation with the body the form makes; refused, the page again with the messages in place. */
  const content = <R>(
    path: string,
    formOf: (ctx: Context, user: UserRow) => Promise<ContentForm> | ContentForm,
    run: (ctx: Context, user: UserRow, id: number, form: ContentForm) => Promise<R>,
    done: (ctx: Context, user: UserRow, id: number, result: R) => Promise<void>,
  ) => {
    router.post(`/me/listings/:id/${path}`, ...posts, async (ctx) => {
      const id = listingIdOf(ctx);
      const user = formOwner(ctx, myListingPath(id));
      if (!user) return;
      const form = await formOf(ctx, user);
      let result: R;
      try {
        result = await run(ctx, user, id, form);
      } catch (error) {
        return refusedOn(ctx, user, id, error, { sent: form.sent, formKeyOf: form.formKeyOf });
      }
      await done(ctx, user, id, result);
    });
  };
  const backTo = (anchor: string) => (ctx: Context, _user: UserRow, id: number) => {
    ctx.status = 303;
    ctx.redirect(`${myListingPath(id)}#${anchor}`);
    return Promise.resolve();
  };
  const read = (ctx: Context) => (key: string) => formField(ctx, key);

  // The form's key makes a resent form (Back and resend, a reload) answer like the first: one update, one round of mail.
  content(
    'updates',
    (ctx) => updateForm(read(ctx)),
    (ctx, user, id, form) => {
      const key = formField(ctx, 'update_key') ?? '';
      return runAsOwner(
        ctx,
        deps,
        user,
        postListingUpdateOperation,
        { path: { listing_id: id }, body: form.body },
        formKey.test(key) ? `web-update-${key}` : undefined,
      );
    },
    async (ctx, user, id, posted) => {
      const told = posted.followers_to_tell === 1 ? '1 follower' : `${posted.followers_to_tell} followers`;
      const perDay = deps.config.updateMailsPerListingPerDay;
      const notMailed = html`It shows on your listing and in the latest updates, but followers are not mailed about it: ${
        perDay > 0
          ? `they get mail about at most ${updatesInWords(perDay)} of a listing a day.`
          : 'update mails are off on this site.'
      }${posted.next_mail_at && ` An update posted after ${when(posted.next_mail_at)} is mailed again.`}`;
      await show(ctx, user, id, {
        notice: posted.followers_mailed
          ? html`<p id="update-posted">Posted “${posted.title}”. ${told} will be told by mail, once each.</p>`
          : html`<p id="update-posted" data-mailed="false">Posted “${posted.title}”. ${notMailed}</p>`,
      });
    },
  );

  content(
    'milestones',
    (ctx) => milestoneForm(read(ctx)),
    (ctx, user, id, form) => runAsOwner(ctx, deps, user, addMilestone, { path: { listing_id: id }, body: form.body }),
    backTo('milestones-heading'),
  );

  router.post('/me/listings/:id/milestones/:milestone/delete', ...posts, async (ctx) => {
    const id = listingIdOf(ctx);
    const milestone = paramOf(ctx, 'milestone');
    if (!/^[1-9]\d{0,9}$/.test(milestone)) throw notFound('The milestone');
    const user = formOwner(ctx, myListingPath(id));
    if (!user) return;
    await runAsOwner(ctx, deps, user, deleteMilestone, { path: { listing_id: id, milestone_id: milestone } });
    await backTo('milestones-heading')(ctx, user, id);
  });

  content(
    'story',
    (ctx) => storyForm(read(ctx), storySections),
    (ctx, user, id, form) => runAsOwner(ctx, deps, user, setFounderStory, { path: { listing_id: id }, body: form.body }),
    backTo('story-heading'),
  );

  content(
    'interview',
    async (ctx, user) => {
      // The answers are the person's, not the listing's: another person's listing is still 404, before anything is saved.
      await runAsOwner(ctx, deps, user, getMyListing, { path: { listing_id: listingIdOf(ctx) } });
      const questions = await runAsOwner(ctx, deps, user, listInterviewQuestions);
      return interviewForm(
        read(ctx),
        questions.items.map((q) => q.id),
      );
    },
    (ctx, user, _id, form) => runAsOwner(ctx, deps, user, answerInterview, { body: form.body }),
    async (ctx, user, id, saved) => {
      const page = saved.founder && html` on <a href="${saved.founder.url}">your founder page</a>`;
      await show(ctx, user, id, {
        notice: html`<p id="interview-saved">Saved. You have ${saved.answers.length} interview ${saved.answers.length === 1 ? 'answer' : 'answers'}${page}.</p>`,
      });
    },
  );
}
