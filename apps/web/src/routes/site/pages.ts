/** The public site's text pages (features/site/PublicPage.tsx draws them; both host kinds serve them). */
export const PUBLIC_PAGES = ['pricing', 'about', 'contact', 'terms', 'privacy'] as const;
export type PublicPageName = (typeof PUBLIC_PAGES)[number];
