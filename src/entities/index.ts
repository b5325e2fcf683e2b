import { Site } from './site.js';
import { Draft } from './draft.js';

/** Every entity the ORM knows; a new entity is one file plus one line here. */
export const entities = [Site, Draft];
