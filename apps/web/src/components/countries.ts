/** The 193 UN member states plus Kosovo (XK), Palestine (PS) and the Holy See (VA): 196 entries. */
const CODES =
  'AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN BG BF BI CV KH CM CA CF TD CL CN CO KM CG CD CR CI HR CU CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FJ FI FR GA GM GE DE GH GR GD GT GN GW GY HT HN HU IS IN ID IR IQ IE IL IT JM JP JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU MG MW MY MV ML MT MH MR MU MX FM MD MC MN ME MA MZ MM NA NR NP NL NZ NI NE NG MK NO OM PK PW PA PG PY PE PH PL PT QA RO RU RW KN LC VC WS SM ST SA SN RS SC SL SG SK SI SB SO ZA SS ES LK SD SR SE CH SY TJ TZ TH TL TG TO TT TN TR TM TV UG UA AE GB US UY UZ VU VE VN YE ZM ZW XK PS VA'.split(
    ' ',
  );

/** Names the browser's Intl lacks or words differently from what our users expect. */
const OVERRIDES: Record<string, Record<string, string>> = {
  en: { XK: 'Kosovo', PS: 'Palestine' },
  ar: { XK: 'كوسوفو', PS: 'فلسطين', RE: 'ريونيون', HK: 'هونغ كونغ', MO: 'ماكاو' },
};

const displayNames = new Map<string, Intl.DisplayNames>();
/** A country's or territory's name in the given language (the browser's, with our overrides); undefined for an unknown code. */
export function regionName(locale: 'en' | 'ar', code: string): string | undefined {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    displayNames.set(locale, names);
  }
  return OVERRIDES[locale][code] ?? names.of(code);
}

export interface Country {
  code: string;
  name: string;
}

const cache = new Map<string, Country[]>();

/** Countries with names in the given language, sorted by that language's collation. */
export function countries(locale: 'en' | 'ar'): Country[] {
  const hit = cache.get(locale);
  if (hit) return hit;
  const list = CODES.map((code) => ({ code, name: regionName(locale, code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(locale, list);
  return list;
}

/** The code of a typed country name (either language), if one matches exactly. */
export function codeOf(typed: string): string | null {
  const t = typed.trim().toLowerCase();
  if (!t) return null;
  for (const locale of ['en', 'ar'] as const) {
    const hit = countries(locale).find((c) => c.name.toLowerCase() === t);
    if (hit) return hit.code;
  }
  return null;
}
