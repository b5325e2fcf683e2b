import { html, type Html } from '../../src/platform/html.js';
import type { ClientIdentity } from '../../src/domain/oauth-clients.js';

/** A verified or unverified label; the label sits right after what it qualifies. */
function label(trusted: boolean): Html {
  return trusted ? html`<strong class="tag">verified</strong>` : html`<strong class="tag warn">unverified</strong>`;
}

/**
 * The client's name as it calls itself, never without its label. <bdi> keeps right-to-left or
 * other direction tricks in the name from reordering the label around it.
 */
export function clientNameHtml(client: ClientIdentity): Html {
  const name = client.name ?? (client.source === 'metadata_document' ? client.clientId : 'An unnamed application');
  return html`<bdi>${name}</bdi> ${label(client.trusted)}`;
}

/** What the consent page says about who is asking: its name and how it identified itself, each labelled. */
export function clientIdentityHtml(client: ClientIdentity): Html {
  const vouched = html`<span class="muted">the operator of this site lists this application as trusted</span>`;
  const source =
    client.source === 'metadata_document'
      ? html`client ID metadata document at <code>${client.clientId}</code> ${label(client.trusted)}
<span class="muted">${client.trusted ? vouched : 'whoever controls that address wrote what it says'}</span>`
      : html`dynamic registration on this site ${label(client.trusted)}
<span class="muted">${client.trusted ? vouched : 'anyone can register an application here under any name'}</span>`;
  return html`<dl class="facts" id="client-identity">
<dt>Name</dt><dd>${clientNameHtml(client)} <span class="muted">${client.trusted ? vouched : 'chosen by the application itself, not checked by this site'}</span></dd>
<dt>Identified by</dt><dd>${source}</dd>
</dl>`;
}
