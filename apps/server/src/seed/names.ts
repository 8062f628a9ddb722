/** Saudi given and family names in English and Arabic, for demo and benchmark data. */
export const BOY_NAMES: [string, string][] = [
  ['Abdullah', 'عبدالله'],
  ['Mohammed', 'محمد'],
  ['Faisal', 'فيصل'],
  ['Khalid', 'خالد'],
  ['Saud', 'سعود'],
  ['Fahad', 'فهد'],
  ['Turki', 'تركي'],
  ['Nawaf', 'نواف'],
  ['Omar', 'عمر'],
  ['Yousef', 'يوسف'],
  ['Ziyad', 'زياد'],
  ['Rakan', 'راكان'],
  ['Sultan', 'سلطان'],
  ['Hamad', 'حمد'],
  ['Majed', 'ماجد'],
  ['Nasser', 'ناصر'],
  ['Bader', 'بدر'],
  ['Meshal', 'مشعل'],
  ['Talal', 'طلال'],
  ['Salman', 'سلمان'],
  ['Abdulaziz', 'عبدالعزيز'],
  ['Hassan', 'حسن'],
  ['Ali', 'علي'],
  ['Ibrahim', 'إبراهيم'],
  ['Saleh', 'صالح'],
];
export const GIRL_NAMES: [string, string][] = [
  ['Noura', 'نورة'],
  ['Sara', 'سارة'],
  ['Reem', 'ريم'],
  ['Lama', 'لمى'],
  ['Jood', 'جود'],
  ['Haya', 'هيا'],
  ['Dana', 'دانة'],
  ['Layan', 'ليان'],
  ['Joury', 'جوري'],
  ['Maha', 'مها'],
];
export const FAMILY_NAMES: [string, string][] = [
  ['Al-Otaibi', 'العتيبي'],
  ['Al-Qahtani', 'القحطاني'],
  ['Al-Harbi', 'الحربي'],
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Zahrani', 'الزهراني'],
  ['Al-Shehri', 'الشهري'],
  ['Al-Dosari', 'الدوسري'],
  ['Al-Mutairi', 'المطيري'],
  ['Al-Anazi', 'العنزي'],
  ['Al-Shammari', 'الشمري'],
  ['Al-Subaie', 'السبيعي'],
  ['Al-Malki', 'المالكي'],
  ['Al-Juhani', 'الجهني'],
  ['Al-Rashidi', 'الرشيدي'],
  ['Al-Balawi', 'البلوي'],
  ['Al-Saud', 'آل سعود'],
];
/**
 * Free text staff and parents type (neighbourhoods, medical notes, fields) is written the way a
 * Riyadh academy writes it: in Arabic, with no English copy (these fields have one value).
 */
export const NEIGHBORHOODS = ['العليا', 'الملقا', 'الياسمين', 'حطين', 'النخيل', 'الصحافة', 'الروضة', 'المربع', 'قرطبة', 'النرجس'];
export const CONDITIONS = [
  null,
  null,
  null,
  null,
  null,
  null,
  'ربو (البخاخ في الحقيبة)',
  'حساسية من الفول السوداني',
  'تسطح القدمين',
  'تعافٍ من التواء في الكاحل',
];
export const FIELDS = ['الملعب 1', 'الملعب 2', 'الملعب 3'];
export const NATIONALITIES = ['SA', 'SA', 'SA', 'SA', 'SA', 'SA', 'EG', 'JO', 'SY', 'YE', 'SD', 'PK'];

/**
 * A Saudi mobile number from the eight digits after +9665, valid by the app's phone rule
 * (libphonenumber): 52… is no operator's and 579… mostly none, so a first 2 or 7 becomes 0 or 8
 * (+96550…, +96558…). The demo draws the same random numbers as before: its other data stays as it was.
 */
export const saudiMobile = (digits: string) => `+9665${digits.replace(/^[27]/, (d) => (d === '2' ? '0' : '8'))}`;

/** Small deterministic generator, so demo data is the same on every machine. */
export function seededRandom(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}
