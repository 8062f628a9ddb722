// Its own module (no contracts import): the shell asks it before loading the bell, without the bell's rules and their schemas.

/** Who sees the bell: the server answers it to members who read Players or Settings (403 otherwise). */
export const canSeeAttention = (canRead: (area: 'Players' | 'Settings') => boolean) => canRead('Players') || canRead('Settings');
