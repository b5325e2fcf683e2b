import { Migration20261121000000Foundation } from './Migration20261121000000Foundation.js';
import { Migration20261121100000Catalogue } from './Migration20261121100000Catalogue.js';
import { Migration20261121100100CatalogueSignals } from './Migration20261121100100CatalogueSignals.js';
import { Migration20261121200000Accounts } from './Migration20261121200000Accounts.js';
import { Migration20261121310000Drafts } from './Migration20261121310000Drafts.js';
import { Migration20261121900000SearchListing } from './Migration20261121900000SearchListing.js';
import { Migration20261121910000SearchFilterIndexes } from './Migration20261121910000SearchFilterIndexes.js';
import { Migration20261122000000ListingChangeNotify } from './Migration20261122000000ListingChangeNotify.js';
import { Migration20261123000000OwnerWrites } from './Migration20261123000000OwnerWrites.js';
import { Migration20261124000000ListingManagement } from './Migration20261124000000ListingManagement.js';
import { Migration20261124100000Publishing } from './Migration20261124100000Publishing.js';
import { Migration20261125200000Claims } from './Migration20261125200000Claims.js';
import { Migration20261125300000Orders } from './Migration20261125300000Orders.js';
import { Migration20261125400000Community } from './Migration20261125400000Community.js';
import { Migration20261125500000SearchScale } from './Migration20261125500000SearchScale.js';
import { Migration20261125600000SearchIndexSync } from './Migration20261125600000SearchIndexSync.js';
import { Migration20261125700000ListingDocument } from './Migration20261125700000ListingDocument.js';
import { Migration20261126100000VotesLedger } from './Migration20261126100000VotesLedger.js';

/** Every migration, in order. A new migration is one file plus one line here. */
export const migrationsList = [
  { name: 'Migration20261121000000Foundation', class: Migration20261121000000Foundation },
  { name: 'Migration20261121100000Catalogue', class: Migration20261121100000Catalogue },
  { name: 'Migration20261121100100CatalogueSignals', class: Migration20261121100100CatalogueSignals },
  { name: 'Migration20261121200000Accounts', class: Migration20261121200000Accounts },
  { name: 'Migration20261121310000Drafts', class: Migration20261121310000Drafts },
  { name: 'Migration20261121900000SearchListing', class: Migration20261121900000SearchListing },
  { name: 'Migration20261121910000SearchFilterIndexes', class: Migration20261121910000SearchFilterIndexes },
  { name: 'Migration20261122000000ListingChangeNotify', class: Migration20261122000000ListingChangeNotify },
  { name: 'Migration20261123000000OwnerWrites', class: Migration20261123000000OwnerWrites },
  { name: 'Migration20261124000000ListingManagement', class: Migration20261124000000ListingManagement },
  { name: 'Migration20261124100000Publishing', class: Migration20261124100000Publishing },
  { name: 'Migration20261125200000Claims', class: Migration20261125200000Claims },
  { name: 'Migration20261125300000Orders', class: Migration20261125300000Orders },
  { name: 'Migration20261125400000Community', class: Migration20261125400000Community },
  { name: 'Migration20261125500000SearchScale', class: Migration20261125500000SearchScale },
  { name: 'Migration20261125600000SearchIndexSync', class: Migration20261125600000SearchIndexSync },
  { name: 'Migration20261125700000ListingDocument', class: Migration20261125700000ListingDocument },
  { name: 'Migration20261126100000VotesLedger', class: Migration20261126100000VotesLedger },
];
