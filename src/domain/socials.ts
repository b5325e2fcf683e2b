/**
 * Social profile platforms recognised on a company's website, keyed by the platform key that
 * drafts and listings use. A link counts as a profile only when its path names an account,
 * not a share or intent endpoint.
 */
export const socialPlatforms = [
  'x',
  'linkedin',
  'github',
  'facebook',
  'instagram',
  'youtube',
  'tiktok',
  'discord',
  'reddit',
  'mastodon',
  'threads',
  'bluesky',
  'telegram',
  'pinterest',
  'producthunt',
] as const;

export type SocialPlatform = (typeof socialPlatforms)[number];

const hosts: Record<string, SocialPlatform> = {
  'x.com': 'x',
  'twitter.com': 'x',
  'linkedin.com': 'linkedin',
  'github.com': 'github',
  'facebook.com': 'facebook',
  'fb.com': 'facebook',
  'instagram.com': 'instagram',
  'youtube.com': 'youtube',
  'tiktok.com': 'tiktok',
  'discord.gg': 'discord',
  'discord.com': 'discord',
  'reddit.com': 'reddit',
  'mastodon.social': 'mastodon',
  'threads.net': 'threads',
  'threads.com': 'threads',
  'bsky.app': 'bluesky',
  't.me': 'telegram',
  'pinterest.com': 'pinterest',
  'producthunt.com': 'producthunt',
};

const notProfiles =
  /^\/(share|sharer|intent|home|login|signup|search|hashtag|watch|embed|shareArticle|sharer\.php|dialog)(\/|$|\.|\?)/i;

export function socialPlatformOf(link: string): SocialPlatform | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  const platform = hosts[host];
  if (!platform) return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '' || notProfiles.test(path)) return null;
  return platform;
}

/** The first profile link per platform, in page order. */
export function socialProfilesOf(links: readonly string[]): Partial<Record<SocialPlatform, string>> {
  const found: Partial<Record<SocialPlatform, string>> = {};
  for (const link of links) {
    const platform = socialPlatformOf(link);
    if (platform && !found[platform]) found[platform] = link;
  }
  return found;
}
