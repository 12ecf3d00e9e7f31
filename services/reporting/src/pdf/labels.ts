/**
 * The PDF reports' own words in Sinhala and Tamil (issue 33 item 3): titles, column headers,
 * summary labels, the empty-report lines, the subtitle's labels, month names and the page footer,
 * in the requesting seller's or admin's language (the report job's `language`). Only the
 * report's words change: the data (names, items, amounts `Rs. 12,345.00`, dates) stays as it is,
 * drawn in the embedded Noto fonts (text.ts).
 */
import { MONTH_NAMES, type Language } from '@market/contracts';

type Other = Exclude<Language, 'en'>;
type Words = Record<Other, string>;

/** English word or label → its Sinhala and Tamil. */
const WORDS: Record<string, Words> = {
  // titles and heading
  'Monthly Sales Report': { si: 'මාසික විකුණුම් වාර්තාව', ta: 'மாதாந்திர விற்பனை அறிக்கை' },
  'Monthly Package Sales Report': { si: 'මාසික පැකේජ විකුණුම් වාර්තාව', ta: 'மாதாந்திரத் தொகுப்பு விற்பனை அறிக்கை' },
  'Customer Monthly Report': { si: 'පාරිභෝගික මාසික වාර්තාව', ta: 'வாடிக்கையாளர் மாதாந்திர அறிக்கை' },
  'Monthly Seller Report': { si: 'මාසික විකුණුම්කරු වාර්තාව', ta: 'மாதாந்திர விற்பனையாளர் அறிக்கை' },
  'Transaction Report': { si: 'ගනුදෙනු වාර්තාව', ta: 'பரிவர்த்தனை அறிக்கை' },
  'Review and Rating Report': { si: 'සමාලෝචන සහ ශ්‍රේණිගත කිරීම් වාර්තාව', ta: 'மதிப்பாய்வு மற்றும் மதிப்பீட்டு அறிக்கை' },
  'Packing Slip': { si: 'ඇසුරුම් පත්‍රිකාව', ta: 'பொதிச் சீட்டு' },
  Administrator: { si: 'පරිපාලක', ta: 'நிர்வாகி' },
  // column headers and summary labels
  // The row number's column is narrow: its sign, as the reports' tables write it in either script.
  No: { si: '#', ta: '#' },
  'Order Date': { si: 'ඇණවුම් දිනය', ta: 'ஆர்டர் தேதி' },
  OrderID: { si: 'ඇණවුම් අංකය', ta: 'ஆர்டர் எண்' },
  'Item Name': { si: 'අයිතමයේ නම', ta: 'பொருளின் பெயர்' },
  Brand: { si: 'වෙළඳ නාමය', ta: 'பிராண்ட்' },
  Quantity: { si: 'ප්‍රමාණය', ta: 'அளவு' },
  'Unit Price': { si: 'ඒකක මිල', ta: 'அலகு விலை' },
  'Total Price': { si: 'මුළු මිල', ta: 'மொத்த விலை' },
  Description: { si: 'විස්තරය', ta: 'விளக்கம்' },
  'First Name': { si: 'මුල් නම', ta: 'முதல் பெயர்' },
  'Last Name': { si: 'අවසන් නම', ta: 'கடைசிப் பெயர்' },
  Username: { si: 'පරිශීලක නාමය', ta: 'பயனர் பெயர்' },
  'E-mail': { si: 'විද්‍යුත් තැපෑල', ta: 'மின்னஞ்சல்' },
  Phone: { si: 'දුරකථනය', ta: 'தொலைபேசி' },
  Address: { si: 'ලිපිනය', ta: 'முகவரி' },
  Registered: { si: 'ලියාපදිංචි වූ දිනය', ta: 'பதிவுசெய்த தேதி' },
  'Company Name': { si: 'සමාගමේ නම', ta: 'நிறுவனத்தின் பெயர்' },
  'Owner Name': { si: 'හිමිකරුගේ නම', ta: 'உரிமையாளர் பெயர்' },
  Mobile: { si: 'ජංගම දුරකථනය', ta: 'கைபேசி' },
  Accepted: { si: 'අනුමත වූ දිනය', ta: 'ஏற்கப்பட்ட தேதி' },
  'Transaction Time': { si: 'ගනුදෙනු වේලාව', ta: 'பரிவர்த்தனை நேரம்' },
  'Payment Type': { si: 'ගෙවීම් ක්‍රමය', ta: 'கட்டண முறை' },
  'Receipt No': { si: 'රිසිට්පත් අංකය', ta: 'ரசீது எண்' },
  'Customer First Name': { si: 'පාරිභෝගිකයාගේ මුල් නම', ta: 'வாடிக்கையாளரின் முதல் பெயர்' },
  'Customer Last Name': { si: 'පාරිභෝගිකයාගේ අවසන් නම', ta: 'வாடிக்கையாளரின் கடைசிப் பெயர்' },
  Status: { si: 'තත්ත්වය', ta: 'நிலை' },
  Total: { si: 'එකතුව', ta: 'மொத்தம்' },
  'Customer Name': { si: 'පාරිභෝගිකයාගේ නම', ta: 'வாடிக்கையாளர் பெயர்' },
  Review: { si: 'සමාලෝචනය', ta: 'மதிப்பாய்வு' },
  Rating: { si: 'ශ්‍රේණිය', ta: 'மதிப்பீடு' },
  Date: { si: 'දිනය', ta: 'தேதி' },
  Product: { si: 'නිෂ්පාදනය', ta: 'தயாரிப்பு' },
  'Total Orders': { si: 'මුළු ඇණවුම්', ta: 'மொத்த ஆர்டர்கள்' },
  'Total Items': { si: 'මුළු අයිතම', ta: 'மொத்தப் பொருட்கள்' },
  'Total Stock Sold': { si: 'විකුණූ මුළු ඒකක', ta: 'விற்கப்பட்ட மொத்த அலகுகள்' },
  'Total Packages': { si: 'මුළු පැකේජ', ta: 'மொத்தத் தொகுப்புகள்' },
  'Total Income': { si: 'මුළු ආදායම', ta: 'மொத்த வருமானம்' },
  'Total Outgoings': { si: 'මුළු වියදම්', ta: 'மொத்தச் செலவுகள்' },
  'Total Profit': { si: 'මුළු ලාභය', ta: 'மொத்த லாபம்' },
  'Cash on delivery not yet collected': { si: 'තවම අය නොකළ ලැබීමේදී ගෙවීම්', ta: 'இன்னும் வசூலிக்காத ரொக்கம்' },
  'Refunds of returns': { si: 'ආපසු එවූ භාණ්ඩවල මුදල් ආපසු ගෙවීම්', ta: 'திருப்பிய பொருட்களின் பணம்' },
  'All customers': { si: 'සියලුම පාරිභෝගිකයින්', ta: 'அனைத்து வாடிக்கையாளர்களும்' },
  'All sellers': { si: 'සියලුම විකුණුම්කරුවන්', ta: 'அனைத்து விற்பனையாளர்களும்' },
  Transactions: { si: 'ගනුදෙනු', ta: 'பரிவர்த்தனைகள்' },
  Refunded: { si: 'මුදල් ආපසු ගෙවූ', ta: 'பணம் திருப்பியளிக்கப்பட்டவை' },
  'Total refunded': { si: 'ආපසු ගෙවූ මුළු මුදල', ta: 'திருப்பியளிக்கப்பட்ட மொத்தத் தொகை' },
  'Total paid': { si: 'ගෙවූ මුළු මුදල', ta: 'செலுத்தப்பட்ட மொத்தத் தொகை' },
  Item: { si: 'අයිතමය', ta: 'பொருள்' },
  Reviews: { si: 'සමාලෝචන', ta: 'மதிப்பாய்வுகள்' },
  'Deliver to': { si: 'භාරදිය යුත්තේ', ta: 'விநியோகிக்க வேண்டியவர்' },
  City: { si: 'නගරය', ta: 'நகரம்' },
  Payment: { si: 'ගෙවීම', ta: 'கட்டணம்' },
  'Cash on delivery': { si: 'භාණ්ඩ ලැබුණු විට ගෙවීම', ta: 'பொருள் கிடைத்ததும் பணம்' },
  'Received by': { si: 'භාරගත්තේ', ta: 'பெற்றுக்கொண்டவர்' },
  // empty reports
  'No sales in this month': { si: 'මෙම මාසයේ විකුණුම් නැත', ta: 'இந்த மாதத்தில் விற்பனை இல்லை' },
  'No customers registered in this month': { si: 'මෙම මාසයේ ලියාපදිංචි වූ පාරිභෝගිකයින් නැත', ta: 'இந்த மாதத்தில் பதிவுசெய்த வாடிக்கையாளர்கள் இல்லை' },
  'No sellers accepted in this month': { si: 'මෙම මාසයේ අනුමත කළ විකුණුම්කරුවන් නැත', ta: 'இந்த மாதத்தில் ஏற்கப்பட்ட விற்பனையாளர்கள் இல்லை' },
  'No transactions in this month': { si: 'මෙම මාසයේ ගනුදෙනු නැත', ta: 'இந்த மாதத்தில் பரிவர்த்தனைகள் இல்லை' },
  'No reviews of this item yet': { si: 'මෙම අයිතමයට තවම සමාලෝචන නැත', ta: 'இந்தப் பொருளுக்கு இன்னும் மதிப்பாய்வுகள் இல்லை' },
  'No products': { si: 'නිෂ්පාදන නැත', ta: 'தயாரிப்புகள் இல்லை' },
  // the report's own values in the summary
  'No Ratings yet!': { si: 'තවම ශ්‍රේණිගත කිරීම් නැත!', ta: 'இன்னும் மதிப்பீடுகள் இல்லை!' },
  'No delivery address given': { si: 'බෙදාහැරීමේ ලිපිනයක් ලබා දී නැත', ta: 'விநியோக முகவரி கொடுக்கப்படவில்லை' },
};

const MONTHS: Record<Other, string[]> = {
  si: ['ජනවාරි', 'පෙබරවාරි', 'මාර්තු', 'අප්‍රේල්', 'මැයි', 'ජූනි', 'ජූලි', 'අගෝස්තු', 'සැප්තැම්බර්', 'ඔක්තෝබර්', 'නොවැම්බර්', 'දෙසැම්බර්'],
  ta: ['ஜனவரி', 'பிப்ரவரி', 'மார்ச்', 'ஏப்ரல்', 'மே', 'ஜூன்', 'ஜூலை', 'ஆகஸ்ட்', 'செப்டம்பர்', 'அக்டோபர்', 'நவம்பர்', 'டிசம்பர்'],
};
const MONTH_YEAR = new RegExp(`\\b(${MONTH_NAMES.join('|')}) (\\d{4})\\b`, 'g');

/** Labelled lines and labels with a value inside: pattern and each language's replacement. */
const PATTERNS: readonly [RegExp, Words][] = [
  [/^Report date: /, { si: 'වාර්තා දිනය: ', ta: 'அறிக்கை தேதி: ' }],
  [/^Month: /, { si: 'මාසය: ', ta: 'மாதம்: ' }],
  [/ · Currency: LKR$/, { si: ' · මුදල් ඒකකය: LKR', ta: ' · நாணயம்: LKR' }],
  [/^Item: /, { si: 'අයිතමය: ', ta: 'பொருள்: ' }],
  [/^Registered in (.+)$/, { si: '$1 ලියාපදිංචි වූ', ta: '$1 இல் பதிவுசெய்தவர்கள்' }],
  [/^Accepted in (.+)$/, { si: '$1 අනුමත කළ', ta: '$1 இல் ஏற்கப்பட்டவர்கள்' }],
  [/^Order (\S+) · line (\S+)$/, { si: 'ඇණවුම $1 · පේළිය $2', ta: 'ஆர்டர் $1 · வரி $2' }],
  [/^Ordered (\S+) · printed (\S+)$/, { si: 'ඇණවුම් කළේ $1 · මුද්‍රණය කළේ $2', ta: 'ஆர்டர் செய்தது $1 · அச்சிட்டது $2' }],
];

/** A report's word or label in `language`: its translation, else its labelled patterns and month names, else as it is. */
export function label(text: string, language: Language): string {
  if (language === 'en') return text;
  const word = WORDS[text]?.[language];
  if (word) return word;
  let out = text;
  for (const [re, words] of PATTERNS) out = out.replace(re, words[language]);
  return out.replace(
    MONTH_YEAR,
    (_m, month: string, year: string) => `${MONTHS[language][MONTH_NAMES.indexOf(month as (typeof MONTH_NAMES)[number])]} ${year}`,
  );
}

/** The footer of page `page` of `pages`. */
export function pageFooter(page: number, pages: number, language: Language): string {
  return language === 'si' ? `පිටුව ${page} / ${pages}` : language === 'ta' ? `பக்கம் ${page} / ${pages}` : `Page ${page} of ${pages}`;
}

/** Whether the report's words have a translation (for tests: every English word the reports use). */
export const hasLabel = (text: string): boolean => text in WORDS;
