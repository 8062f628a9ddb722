// A part of a language's catalog (locales/parts.ts): its messages as text, or parsed by the production build
// (vite.config.ts). Typed as the whole catalog, the type react-intl's provider takes: lib/i18n.tsx gives the provider
// the parts loaded so far, and a message of a part not loaded yet would show its id (react-intl's answer to a missing one).
declare module '*.json?part=core' {
  import type { Catalog } from '../lib/i18n';

  const messages: Catalog;
  export default messages;
}
declare module '*.json?part=errors' {
  import type { Catalog } from '../lib/i18n';

  const messages: Catalog;
  export default messages;
}
declare module '*.json?part=public' {
  import type { Catalog } from '../lib/i18n';

  const messages: Catalog;
  export default messages;
}
declare module '*.json?part=settings' {
  import type { Catalog } from '../lib/i18n';

  const messages: Catalog;
  export default messages;
}
declare module '*.json?part=tools' {
  import type { Catalog } from '../lib/i18n';

  const messages: Catalog;
  export default messages;
}
