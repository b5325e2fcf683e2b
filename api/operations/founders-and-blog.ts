import { z } from 'zod';
import {
  blogPage as blogPageOutput,
  blogPost as blogPostOutput,
  founderProfile as founderProfileOutput,
  foundersPage as foundersPageOutput,
  interviewQuestions as interviewQuestionsOutput,
} from '../../src/catalogue/schemas.js';
import * as blog from '../../src/catalogue/blog.js';
import * as founders from '../../src/catalogue/founders.js';
import * as interview from '../../src/catalogue/interview-questions.js';
import { countryCode, pagination, publicRead, slug } from './common.js';
import { defineOperation } from './registry.js';

export const listFounders = defineOperation({
  ...publicRead,
  id: 'list_founders',
  method: 'GET',
  path: '/founders',
  tag: 'Founders',
  summary: 'Founders with a public listing',
  description:
    'Founders of public listings, by name; q matches part of the name or a near spelling, country is a two-letter code. Paginated. Free, public, read-only.',
  input: { query: z.object({ q: z.string().max(120).optional(), country: countryCode.optional(), ...pagination }) },
  output: foundersPageOutput,
  handler: ({ query: q }, { deps, em, site }) =>
    founders.listFounders(em, site.id, deps.config.publicUrl, q.q, q.country, q.page, q.per_page),
});

export const getFounder = defineOperation({
  ...publicRead,
  id: 'get_founder',
  method: 'GET',
  path: '/founders/{slug}',
  tag: 'Founders',
  summary: 'A founder profile',
  description:
    'Bio, socials, the companies listed here and their published founder stories. 404 when absent. Free, public, read-only.',
  input: { path: z.object({ slug }) },
  output: founderProfileOutput,
  handler: ({ path }, { deps, em, site }) => founders.getFounder(em, site.id, deps.config.publicUrl, path.slug),
});

export const listBlogPosts = defineOperation({
  ...publicRead,
  id: 'list_blog_posts',
  method: 'GET',
  path: '/blog',
  tag: 'Blog',
  summary: 'Blog posts',
  description:
    'Published blog posts, newest first; with q, the best matches first. Paginated summaries. Free, public, read-only.',
  input: { query: z.object({ q: z.string().max(200).optional(), ...pagination }) },
  output: blogPageOutput,
  handler: ({ query: q }, { deps, em, site }) => blog.listBlogPosts(em, site.id, deps.config.publicUrl, q.q, q.page, q.per_page),
});

export const getBlogPost = defineOperation({
  ...publicRead,
  id: 'get_blog_post',
  method: 'GET',
  path: '/blog/{slug}',
  tag: 'Blog',
  summary: 'A blog post',
  description: 'The full post as Markdown plus its FAQs. 404 when absent. Free, public, read-only.',
  input: { path: z.object({ slug }) },
  output: blogPostOutput,
  handler: ({ path }, { deps, em, site }) => blog.getBlogPost(em, site.id, deps.config.publicUrl, path.slug),
});

export const listInterviewQuestions = defineOperation({
  ...publicRead,
  id: 'list_interview_questions',
  method: 'GET',
  path: '/interview-questions',
  tag: 'Founders',
  summary: 'The founder interview questions',
  description: 'The questions founders answer with answer_interview (by question id), in order. Free, public, read-only.',
  input: {},
  output: interviewQuestionsOutput,
  handler: (_input, { em, site }) => interview.listInterviewQuestions(em, site.id),
});

export const foundersAndBlogOperations = [listFounders, getFounder, listBlogPosts, getBlogPost, listInterviewQuestions];
