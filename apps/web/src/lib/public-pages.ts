/**
 * The public pages: the ones a visitor reaches without signing in, that search engines index and
 * that the server renders to HTML with their data (docs/web-performance.md). Each has its
 * document title (`null`: the product name alone), the description search results and link
 * previews show, and whether it is listed in `/sitemap.xml`. The server's renderer, the sitemap
 * and the pages' own `usePageMeta` read this one list.
 */

/** One public page: its path, title and description. */
export interface PublicPage {
  path: string;
  /** Title before " · {product}" (lib/use-document-title.ts). */
  title: string;
  /** One or two sentences, 50–160 characters, for search results and link previews. */
  description: string;
}

/** Every public page, by route name. */
export const PUBLIC_PAGES = {
  home: {
    path: '/',
    title: 'Home',
    description:
      'Grow your Twitter account on autopilot with a desktop app that engages the right people while you focus on your content.',
  },
  plans: {
    path: '/plans',
    title: 'Plans',
    description:
      'Compare the plans: pay monthly or save with a yearly plan. Every paid plan includes the desktop app and all its updates.',
  },
  changelog: {
    path: '/changelog',
    title: 'Changelog',
    description: 'New features, improvements and fixes in every release of the desktop app.',
  },
  support: {
    path: '/support',
    title: 'Support',
    description:
      'Answers to common questions about plans, payments, downloads and the desktop app, and how to reach us.',
  },
  login: {
    path: '/login',
    title: 'Login',
    description: 'Sign in to download the desktop app, manage your subscription and your orders.',
  },
  register: {
    path: '/register',
    title: 'Create account',
    description:
      'Create your account, choose a plan and download the desktop app that grows your Twitter audience.',
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    description: 'What personal data we keep, why, for how long, and the choices you have.',
  },
  terms: {
    path: '/terms',
    title: 'Terms of Service',
    description: 'The terms of buying a subscription and using the desktop app and this website.',
  },
} as const satisfies Record<string, PublicPage>;

/** The public page at `pathname` (no query string), or undefined for any other page. */
export function publicPageAt(pathname: string): PublicPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(PUBLIC_PAGES).find((page) => page.path === path);
}
