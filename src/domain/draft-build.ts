/**
 * Names and limits of the draft build shared by the api, the activities and the workflow. Pure
 * and free of runtime dependencies, so the workflow bundle may import it.
 */
export const draftStatuses = ['crawling', 'drafting', 'ready', 'failed'] as const;
export type DraftStatus = (typeof draftStatuses)[number];

export const draftLimits = {
  regenerate: 5,
  restore: 20,
  lockFields: 20,
  invites: 10,
  founders: 6,
  milestones: 50,
  faqs: 10,
} as const;

export interface DraftBuildInput {
  draftId: string;
  /** How long the workflow stays open for regenerate requests after the last one. */
  idleMs: number;
  /** A run started only to serve a regenerate after the build's own run completed. */
  serveOnly?: boolean;
}

export interface RegenerateRequest {
  fields: string[];
}
