/**
 * The e-mails in Sinhala and Tamil (issue 33 item 3): the recipient's language, as the job names it
 * (contracts' jobs.ts `language`, the account's choice). Each entry gives a template's subject,
 * greeting and paragraphs for a language from the same data as its English version in render.ts
 * (validated by the English template's schema first); a template or language without an entry
 * here is sent in English. Credentials and codes keep their own `label: value` line.
 */
import type { Language } from '@market/contracts';

/** A paragraph: text, or a `label: value` line that stands on its own. */
export type Line = string | { label: string; value: string };

/** What a translated template gives render.ts to compose. */
export interface Translated {
  subject: string;
  greeting: string;
  lines: Line[];
}

type ResetData = { name: string; code: string; minutes: number };
type ConfirmedData = { name: string; orderId: string; receiptNo: string; lines: string[]; total: string; cashOnDelivery?: boolean };
type StatusData = {
  name: string;
  orderLineId: string;
  product: string;
  quantity: number;
  status: 'Shipped' | 'Delivered';
  courier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  expectedDelivery?: string;
  shippedAt?: string;
};
type NewOrderData = { name: string; companyname: string; orderId: string; lines: string[]; deliverTo?: string; cashOnDelivery?: boolean };
type RejectedData = { name: string; orderId: string; reason: string; refund: string; paymentType: string };
type CancelledData = {
  name: string;
  orderLineId: string;
  product: string;
  quantity: number;
  refund: string;
  refundedTotal: string;
  charged: string;
  paymentType: string;
  reason?: string;
  byCustomer?: boolean;
};
type CodCancelledData = { name: string; orderLineId: string; product: string; quantity: number; refused: boolean; byCustomer?: boolean };
type ThreadReplyData = { name: string; from: string; about: string; url: string };
type ReviewDecisionData = {
  name: string;
  companyname: string;
  item: string;
  review: string;
  reason: string;
  decision: 'deleted' | 'kept';
  url: string;
};
type SuspensionData = { name: string; kind: 'customer' | 'seller'; reason: string; when: string };
type PasswordChangedData = { name: string; when: string; how: 'reset' | 'change'; resetUrl: string };

/** Identity writes `when` as `2026-11-22 17:05 (Sri Lanka time)`: the time with the zone in `zone`'s words. */
const localTime = (when: string, zone: string) => `${when.replace(/ \(Sri Lanka time\)$/, '')} (${zone})`;

/** The words every e-mail of a language shares. */
const WORDS = {
  si: {
    hello: (name: string) => `ආයුබෝවන් ${name},`,
    code: 'කේතය',
    codeExpires: (minutes: number) =>
      `මෙම කේතය එක් වරක් පමණක් භාවිත කළ හැකි අතර මිනිත්තු ${minutes}කින් කල් ඉකුත් වේ. ඔබ එය ඉල්ලා නොසිටියේ නම්, මෙම විද්‍යුත් තැපෑල නොසලකා හරින්න.`,
  },
  ta: {
    hello: (name: string) => `வணக்கம் ${name},`,
    code: 'குறியீடு',
    codeExpires: (minutes: number) =>
      `இந்தக் குறியீட்டை ஒரு முறை மட்டுமே பயன்படுத்தலாம்; இது ${minutes} நிமிடங்களில் காலாவதியாகும். நீங்கள் இதைக் கேட்கவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணிக்கவும்.`,
  },
} as const;

/** The shipment lines of a Shipped order-status mail, with the language's labels. */
function shipment(
  d: StatusData,
  l: { shipped: string; time: string; courier: string; tracking: string; track: string; expected: string },
): Line[] {
  if (d.status !== 'Shipped' || !d.courier || !d.trackingNumber) return [];
  return [
    ...(d.shippedAt ? [{ label: l.shipped, value: `${d.shippedAt} (${l.time})` }] : []),
    { label: l.courier, value: d.courier },
    { label: l.tracking, value: d.trackingNumber },
    ...(d.trackingUrl ? [{ label: l.track, value: d.trackingUrl }] : []),
    ...(d.expectedDelivery ? [{ label: l.expected, value: d.expectedDelivery }] : []),
  ];
}

/** Template → language → its text. */
export const TRANSLATED: Partial<Record<string, Partial<Record<Exclude<Language, 'en'>, (d: never) => Translated>>>> = {
  'customer-reset-code': {
    si: (d: ResetData) => ({
      subject: 'ඔබේ මුරපදය යළි සැකසීමේ කේතය',
      greeting: WORDS.si.hello(d.name),
      lines: [
        'ඔබේ මුරපදය යළි සැකසීමට, "මුරපදය අමතකද?" (Forgot Password) පිටුවේ මෙම කේතය භාවිත කරන්න.',
        { label: WORDS.si.code, value: d.code },
        WORDS.si.codeExpires(d.minutes),
      ],
    }),
    ta: (d: ResetData) => ({
      subject: 'உங்கள் கடவுச்சொல் மீட்டமைப்புக் குறியீடு',
      greeting: WORDS.ta.hello(d.name),
      lines: [
        'உங்கள் கடவுச்சொல்லை மீட்டமைக்க, "கடவுச்சொல் மறந்துவிட்டதா?" (Forgot Password) பக்கத்தில் இந்தக் குறியீட்டைப் பயன்படுத்தவும்.',
        { label: WORDS.ta.code, value: d.code },
        WORDS.ta.codeExpires(d.minutes),
      ],
    }),
  },
  'seller-reset-code': {
    si: (d: ResetData) => ({
      subject: 'ඔබේ විකුණුම්කරු ගිණුම යළි සැකසීමේ කේතය',
      greeting: WORDS.si.hello(d.name),
      lines: [
        'ඔබේ මුරපදය යළි සැකසීමට, විකුණුම්කරුවන්ගේ "මුරපදය අමතකද?" (Forgot Password) පිටුවේ මෙම කේතය භාවිත කරන්න.',
        { label: WORDS.si.code, value: d.code },
        WORDS.si.codeExpires(d.minutes),
      ],
    }),
    ta: (d: ResetData) => ({
      subject: 'உங்கள் விற்பனையாளர் கணக்கின் மீட்டமைப்புக் குறியீடு',
      greeting: WORDS.ta.hello(d.name),
      lines: [
        'உங்கள் கடவுச்சொல்லை மீட்டமைக்க, விற்பனையாளர்களுக்கான "கடவுச்சொல் மறந்துவிட்டதா?" (Forgot Password) பக்கத்தில் இந்தக் குறியீட்டைப் பயன்படுத்தவும்.',
        { label: WORDS.ta.code, value: d.code },
        WORDS.ta.codeExpires(d.minutes),
      ],
    }),
  },
  'password-changed': {
    si: (d: PasswordChangedData) => ({
      subject: 'ඔබේ මුරපදය වෙනස් කර ඇත',
      greeting: WORDS.si.hello(d.name),
      lines: [
        `ඔබේ Lanka Electronics Marketplace ගිණුමේ මුරපදය ${localTime(d.when, 'ශ්‍රී ලංකා වේලාව')} ${d.how === 'reset' ? 'විද්‍යුත් තැපෑලෙන් එවූ කේතයක් මගින් යළි සකසා ඇත' : 'වෙනස් කර ඇත'}.`,
        d.how === 'reset'
          ? 'ඔබේ ගිණුමේ සියලුම සැසි, "මාව මතක තබා ගන්න" (Remember me) සැසි ද ඇතුළුව, වසා දමා ඇත.'
          : 'මුරපදය වෙනස් කළ සැසිය හැර, ඔබේ ගිණුමේ අනෙකුත් සියලුම සැසි, "මාව මතක තබා ගන්න" (Remember me) සැසි ද ඇතුළුව, වසා දමා ඇත.',
        `මෙය කළේ ඔබ නොවේ නම්, දැන්ම ${d.resetUrl} හි ඔබේ මුරපදය යළි සකසා ඔබේ ගිණුමේ විස්තර පරීක්ෂා කරන්න.`,
      ],
    }),
    ta: (d: PasswordChangedData) => ({
      subject: 'உங்கள் கடவுச்சொல் மாற்றப்பட்டது',
      greeting: WORDS.ta.hello(d.name),
      lines: [
        `உங்கள் Lanka Electronics Marketplace கணக்கின் கடவுச்சொல் ${localTime(d.when, 'இலங்கை நேரம்')} அன்று ${d.how === 'reset' ? 'மின்னஞ்சலில் அனுப்பப்பட்ட குறியீட்டைக் கொண்டு மீட்டமைக்கப்பட்டது' : 'மாற்றப்பட்டது'}.`,
        d.how === 'reset'
          ? 'உங்கள் கணக்கின் எல்லா அமர்வுகளும், "என்னை நினைவில் வை" (Remember me) அமர்வுகள் உட்பட, வெளியேற்றப்பட்டன.'
          : 'கடவுச்சொல் மாற்றப்பட்ட அமர்வைத் தவிர, உங்கள் கணக்கின் மற்ற எல்லா அமர்வுகளும், "என்னை நினைவில் வை" (Remember me) அமர்வுகள் உட்பட, வெளியேற்றப்பட்டன.',
        `இதைச் செய்தது நீங்கள் இல்லையென்றால், இப்போதே ${d.resetUrl} இல் உங்கள் கடவுச்சொல்லை மீட்டமைத்து, உங்கள் கணக்கின் விவரங்களைச் சரிபார்க்கவும்.`,
      ],
    }),
  },
  'order-confirmed': {
    si: (d: ConfirmedData) => ({
      subject: `ඔබේ ඇණවුම ${d.orderId} තහවුරු කර ඇත`,
      greeting: WORDS.si.hello(d.name),
      lines: [
        'ඔබේ ඇණවුමට ස්තූතියි. සියලුම අයිතම ඔබ වෙනුවෙන් වෙන් කර ඇති අතර විකුණුම්කරුවන් ඉක්මනින් ඒවා එවනු ඇත:',
        ...d.lines,
        d.cashOnDelivery ? { label: 'භාණ්ඩ ලැබුණු විට මුදලින් ගෙවිය යුතු මුදල', value: d.total } : { label: 'අය කළ මුළු මුදල', value: d.total },
        { label: 'රිසිට්පත', value: d.receiptNo },
        'මුළු මුදලට බෙදාහැරීමේ ගාස්තුව සහ VAT ඇතුළත් වේ. එක් එක් ඇණවුම "මගේ ඇණවුම්" (My Orders) යටතේ ඔබට බලාගත හැක.',
      ],
    }),
    ta: (d: ConfirmedData) => ({
      subject: `உங்கள் ஆர்டர் ${d.orderId} உறுதிசெய்யப்பட்டது`,
      greeting: WORDS.ta.hello(d.name),
      lines: [
        'உங்கள் ஆர்டருக்கு நன்றி. ஒவ்வொரு பொருளும் உங்களுக்காக ஒதுக்கப்பட்டுள்ளது; விற்பனையாளர்கள் விரைவில் அவற்றை அனுப்புவார்கள்:',
        ...d.lines,
        d.cashOnDelivery
          ? { label: 'பொருள் கிடைக்கும்போது ரொக்கமாகச் செலுத்த வேண்டியது', value: d.total }
          : { label: 'வசூலிக்கப்பட்ட மொத்தத் தொகை', value: d.total },
        { label: 'ரசீது', value: d.receiptNo },
        'மொத்தத் தொகையில் விநியோகக் கட்டணமும் VAT-உம் அடங்கும். ஒவ்வொரு ஆர்டரையும் "எனது ஆர்டர்கள்" (My Orders) பகுதியில் பின்தொடரலாம்.',
      ],
    }),
  },
  'seller-new-order': {
    si: (d: NewOrderData) => ({
      subject: `${d.companyname} සඳහා නව ඇණවුම ${d.orderId}`,
      greeting: WORDS.si.hello(d.name),
      lines: [
        d.cashOnDelivery
          ? `පාරිභෝගිකයෙක් ${d.companyname} හි මෙම අයිතම සමඟ, භාණ්ඩ ලැබුණු විට මුදලින් ගෙවන ලෙස, ඇණවුම ${d.orderId} කර ඇත:`
          : `පාරිභෝගිකයෙක් ${d.companyname} හි මෙම අයිතම සමඟ ඇණවුම ${d.orderId} කර මුදල් ගෙවා ඇත:`,
        ...d.lines,
        ...(d.deliverTo
          ? [`භාරදිය යුත්තේ: ${d.deliverTo}`, 'තොගය වෙන් කර ඇත. ඒවා "යවන ලදී" ලෙස සලකුණු කිරීමට ඔබේ විකුණුම්කරු ගිණුමේ ඇණවුම් (Orders) විවෘත කරන්න.']
          : ['තොගය වෙන් කර ඇත. බෙදාහැරීමේ විස්තර බැලීමට සහ ඒවා "යවන ලදී" ලෙස සලකුණු කිරීමට ඔබේ විකුණුම්කරු ගිණුමේ ඇණවුම් (Orders) විවෘත කරන්න.']),
      ],
    }),
    ta: (d: NewOrderData) => ({
      subject: `${d.companyname} க்கான புதிய ஆர்டர் ${d.orderId}`,
      greeting: WORDS.ta.hello(d.name),
      lines: [
        d.cashOnDelivery
          ? `ஒரு வாடிக்கையாளர் ${d.companyname} இன் இந்தப் பொருட்களுடன் ஆர்டர் ${d.orderId} ஐச் செய்துள்ளார்; பொருள் கிடைத்ததும் ரொக்கமாகச் செலுத்தப்படும்:`
          : `ஒரு வாடிக்கையாளர் ${d.companyname} இன் இந்தப் பொருட்களுடன் ஆர்டர் ${d.orderId} ஐச் செய்து பணம் செலுத்தியுள்ளார்:`,
        ...d.lines,
        ...(d.deliverTo
          ? [
              `விநியோகிக்க வேண்டிய முகவரி: ${d.deliverTo}`,
              'கையிருப்பு ஒதுக்கப்பட்டுள்ளது. அவற்றை "அனுப்பப்பட்டது" எனக் குறிக்க உங்கள் விற்பனையாளர் கணக்கில் ஆர்டர்கள் (Orders) பகுதியைத் திறக்கவும்.',
            ]
          : [
              'கையிருப்பு ஒதுக்கப்பட்டுள்ளது. விநியோக விவரங்களைக் காணவும் அவற்றை "அனுப்பப்பட்டது" எனக் குறிக்கவும் உங்கள் விற்பனையாளர் கணக்கில் ஆர்டர்கள் (Orders) பகுதியைத் திறக்கவும்.',
            ]),
      ],
    }),
  },
  'order-rejected': {
    si: (d: RejectedData) => ({
      subject: `ඔබේ ඇණවුම ${d.orderId} සම්පූර්ණ කළ නොහැකි විය`,
      greeting: WORDS.si.hello(d.name),
      // The reason is ordering's own English sentence (it names the item); the rest is Sinhala.
      lines:
        d.paymentType === 'CashOnDelivery'
          ? [d.reason]
          : [
              d.reason,
              { label: 'ආපසු ගෙවීම', value: d.refund },
              `එය ඔබේ ${d.paymentType === 'PayPal' ? 'PayPal ගිණුමට' : 'කාඩ්පතට'} ආපසු ගෙවනු ලැබේ.`,
            ],
    }),
    ta: (d: RejectedData) => ({
      subject: `உங்கள் ஆர்டர் ${d.orderId} ஐ நிறைவுசெய்ய முடியவில்லை`,
      greeting: WORDS.ta.hello(d.name),
      lines:
        d.paymentType === 'CashOnDelivery'
          ? [d.reason]
          : [
              d.reason,
              { label: 'பணத்திருப்பம்', value: d.refund },
              `அது உங்கள் ${d.paymentType === 'PayPal' ? 'PayPal கணக்கிற்கு' : 'அட்டைக்கு'} திருப்பி அனுப்பப்படும்.`,
            ],
    }),
  },
  'order-cancelled': {
    si: (d: CancelledData) => ({
      subject: `ඔබේ ඇණවුම ${d.orderLineId} අවලංගු කර ඇත`,
      greeting: WORDS.si.hello(d.name),
      lines: [
        d.byCustomer
          ? `ඔබ ඉල්ලූ පරිදි, ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) අවලංගු කර ඇත.`
          : d.reason
            ? `අපි කනගාටු වෙමු: ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) අවලංගු කර ඇත. ${d.reason}.`
            : `අපි කනගාටු වෙමු: විකුණුම්කරු ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) අවලංගු කර ඇත.`,
        { label: 'ආපසු ගෙවීම', value: d.refund },
        `එය ඔබේ ${d.paymentType === 'PayPal' ? 'PayPal ගිණුමට' : 'කාඩ්පතට'} ආපසු ගෙවනු ලැබේ. මෙම මිලදී ගැනීම සඳහා මෙතෙක් ආපසු ගෙවූ මුදල: ${d.charged} න් ${d.refundedTotal}.`,
      ],
    }),
    ta: (d: CancelledData) => ({
      subject: `உங்கள் ஆர்டர் ${d.orderLineId} ரத்துசெய்யப்பட்டது`,
      greeting: WORDS.ta.hello(d.name),
      lines: [
        d.byCustomer
          ? `நீங்கள் கேட்டபடி, உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) ரத்துசெய்யப்பட்டது.`
          : d.reason
            ? `மன்னிக்கவும்: உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) ரத்துசெய்யப்பட்டது. ${d.reason}.`
            : `மன்னிக்கவும்: விற்பனையாளர் உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) ஐ ரத்துசெய்துள்ளார்.`,
        { label: 'பணத்திருப்பம்', value: d.refund },
        `அது உங்கள் ${d.paymentType === 'PayPal' ? 'PayPal கணக்கிற்கு' : 'அட்டைக்கு'} திருப்பி அனுப்பப்படும். இந்தக் கொள்முதலுக்கு இதுவரை திருப்பியளிக்கப்பட்டது: ${d.charged} இல் ${d.refundedTotal}.`,
      ],
    }),
  },
  'cod-cancelled': {
    si: (d: CodCancelledData) => ({
      subject: `ඔබේ ඇණවුම ${d.orderLineId} අවලංගු කර ඇත`,
      greeting: WORDS.si.hello(d.name),
      lines: [
        d.refused
          ? `බෙදාහැරීම ප්‍රතික්ෂේප කළ නිසා, භාණ්ඩ ලැබුණු විට ගෙවන ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) අවලංගු කර ඇත.`
          : d.byCustomer
            ? `ඔබ ඉල්ලූ පරිදි, භාණ්ඩ ලැබුණු විට ගෙවන ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) අවලංගු කර ඇත.`
            : `අපි කනගාටු වෙමු: භාණ්ඩ ලැබුණු විට ගෙවන ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) විකුණුම්කරු අවලංගු කර ඇත.`,
        'කිසිදු මුදලක් අය කර නොමැති බැවින් ආපසු ගෙවීමට කිසිවක් නැත.',
        ...(d.refused ? ['දින 90ක් තුළ බෙදාහැරීම් දෙකක් ප්‍රතික්ෂේප කළ ගිණුම්වලට භාණ්ඩ ලැබුණු විට ගෙවීම වසා ඇත; කාඩ්පත සහ PayPal තවදුරටත් විවෘතයි.'] : []),
      ],
    }),
    ta: (d: CodCancelledData) => ({
      subject: `உங்கள் ஆர்டர் ${d.orderLineId} ரத்துசெய்யப்பட்டது`,
      greeting: WORDS.ta.hello(d.name),
      lines: [
        d.refused
          ? `விநியோகம் மறுக்கப்பட்டதால், பொருள் கிடைத்ததும் பணம் செலுத்தும் உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) ரத்துசெய்யப்பட்டது.`
          : d.byCustomer
            ? `நீங்கள் கேட்டபடி, பொருள் கிடைத்ததும் பணம் செலுத்தும் உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) ரத்துசெய்யப்பட்டது.`
            : `மன்னிக்கவும்: பொருள் கிடைத்ததும் பணம் செலுத்தும் உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) ஐ விற்பனையாளர் ரத்துசெய்துள்ளார்.`,
        'எந்தப் பணமும் வசூலிக்கப்படாததால், திருப்பியளிக்க எதுவும் இல்லை.',
        ...(d.refused
          ? [
              '90 நாட்களுக்குள் இரண்டு விநியோகங்களை மறுத்த கணக்குகளுக்குப் பொருள் கிடைத்ததும் பணம் செலுத்தும் வசதி மூடப்படும்; அட்டையும் PayPal-உம் தொடர்ந்து கிடைக்கும்.',
            ]
          : []),
      ],
    }),
  },
  'thread-reply': {
    si: (d: ThreadReplyData) => ({
      subject: `${d.from} ගෙන් නව පිළිතුරක්`,
      greeting: WORDS.si.hello(d.name),
      lines: [
        `Lanka Electronics Marketplace හි ${d.about} පිළිබඳ ඔබේ සංවාදයට ${d.from} පිළිතුරු දී ඇත.`,
        { label: 'කියවා පිළිතුරු දෙන්න', value: d.url },
        'පිළිතුර කියවීමට පිවිසෙන්න: ඔබේ පෞද්ගලිකත්වය සඳහා මෙම විද්‍යුත් තැපෑලේ එය ඇතුළත් නොවේ.',
      ],
    }),
    ta: (d: ThreadReplyData) => ({
      subject: `${d.from} இடமிருந்து புதிய பதில்`,
      greeting: WORDS.ta.hello(d.name),
      lines: [
        `Lanka Electronics Marketplace இல் ${d.about} பற்றிய உங்கள் உரையாடலில் ${d.from} பதிலளித்துள்ளார்.`,
        { label: 'படித்துப் பதிலளிக்க', value: d.url },
        'பதிலைப் படிக்க உள்நுழையவும்: உங்கள் தனியுரிமைக்காக இந்த மின்னஞ்சலில் அது சேர்க்கப்படவில்லை.',
      ],
    }),
  },
  'review-report-decision': {
    si: (d: ReviewDecisionData) => ({
      subject: d.decision === 'deleted' ? `ඔබ වාර්තා කළ සමාලෝචනය ඉවත් කරන ලදී: ${d.item}` : `ඔබ වාර්තා කළ සමාලෝචනය තබා ගන්නා ලදී: ${d.item}`,
      greeting: WORDS.si.hello(d.name),
      lines: [
        `${d.companyname} වාර්තා කළ, ${d.item} පිළිබඳ සමාලෝචනය Lanka Electronics Marketplace හි පරිපාලකයෙකු පරීක්ෂා කළේය.`,
        `සමාලෝචනය: ${d.review}`,
        `ඔබේ හේතුව: ${d.reason}`,
        d.decision === 'deleted'
          ? 'තීරණය: සමාලෝචනය ඉවත් කරන ලදී. එය තවදුරටත් අයිතමයේ නොපෙන්වන අතර එහි ශ්‍රේණියට ද ගණන් නොගැනේ.'
          : 'තීරණය: සමාලෝචනය තබා ගන්නා ලදී. එය අපගේ සමාලෝචන නීතිවලට අනුකූල බැවින් අයිතමයේ දිගටම පවතී. අයිතමයේ සමාලෝචන පිටුවෙන් ඔබට එයට ප්‍රසිද්ධියේ පිළිතුරු දිය හැක.',
        { label: 'සමාලෝචන බලන්න', value: d.url },
      ],
    }),
    ta: (d: ReviewDecisionData) => ({
      subject:
        d.decision === 'deleted' ? `நீங்கள் புகாரளித்த மதிப்பாய்வு நீக்கப்பட்டது: ${d.item}` : `நீங்கள் புகாரளித்த மதிப்பாய்வு வைத்துக்கொள்ளப்பட்டது: ${d.item}`,
      greeting: WORDS.ta.hello(d.name),
      lines: [
        `${d.companyname} புகாரளித்த ${d.item} பற்றிய மதிப்பாய்வை Lanka Electronics Marketplace இன் நிர்வாகி ஒருவர் பார்வையிட்டார்.`,
        `மதிப்பாய்வு: ${d.review}`,
        `உங்கள் காரணம்: ${d.reason}`,
        d.decision === 'deleted'
          ? 'முடிவு: மதிப்பாய்வு நீக்கப்பட்டது. இது இனி பொருளின் பக்கத்தில் காட்டப்படாது, அதன் மதிப்பீட்டிலும் கணக்கிடப்படாது.'
          : 'முடிவு: மதிப்பாய்வு வைத்துக்கொள்ளப்பட்டது. இது எங்கள் மதிப்பாய்வு விதிகளுக்கு உட்பட்டது, எனவே பொருளின் பக்கத்தில் தொடர்ந்து இருக்கும். பொருளின் மதிப்பாய்வுப் பக்கத்திலிருந்து இதற்குப் பொதுவில் பதிலளிக்கலாம்.',
        { label: 'மதிப்பாய்வுகளைப் பார்க்க', value: d.url },
      ],
    }),
  },
  'account-suspended': {
    si: (d: SuspensionData) => ({
      subject: 'ඔබේ Lanka Electronics Marketplace ගිණුම අත්හිටුවා ඇත',
      greeting: WORDS.si.hello(d.name),
      lines: [
        `අපගේ කණ්ඩායම ${localTime(d.when, 'ශ්‍රී ලංකා වේලාව')} ඔබේ ${d.kind === 'seller' ? 'විකුණුම්කරු ' : ''}ගිණුම අත්හිටුවා ඇත.`,
        `හේතුව: ${d.reason}`,
        d.kind === 'seller'
          ? 'ඔබ ගිණුමෙන් ඉවත් කර ඇති අතර, එය අත්හිටුවා ඇති තාක් ඔබට පිවිසිය නොහැක; ඔබේ අයිතම සහ පැකේජ පාරිභෝගිකයින්ට නොපෙන්වන අතර මිලදී ගත නොහැක.'
          : 'ඔබ ගිණුමෙන් ඉවත් කර ඇති අතර, එය අත්හිටුවා ඇති තාක් ඔබට පිවිසිය නොහැක.',
        'මෙය වැරැද්දක් යැයි ඔබ සිතන්නේ නම්, මෙම විද්‍යුත් තැපෑලට පිළිතුරු දෙන්න.',
      ],
    }),
    ta: (d: SuspensionData) => ({
      subject: 'உங்கள் Lanka Electronics Marketplace கணக்கு இடைநிறுத்தப்பட்டுள்ளது',
      greeting: WORDS.ta.hello(d.name),
      lines: [
        `எங்கள் குழு ${localTime(d.when, 'இலங்கை நேரம்')} அன்று உங்கள் ${d.kind === 'seller' ? 'விற்பனையாளர் ' : ''}கணக்கை இடைநிறுத்தியது.`,
        `காரணம்: ${d.reason}`,
        d.kind === 'seller'
          ? 'நீங்கள் வெளியேற்றப்பட்டுள்ளீர்கள்; கணக்கு இடைநிறுத்தப்பட்டிருக்கும் வரை உள்நுழைய முடியாது. உங்கள் பொருட்களும் தொகுப்புகளும் வாடிக்கையாளர்களுக்குக் காட்டப்படாது, வாங்கவும் முடியாது.'
          : 'நீங்கள் வெளியேற்றப்பட்டுள்ளீர்கள்; கணக்கு இடைநிறுத்தப்பட்டிருக்கும் வரை உள்நுழைய முடியாது.',
        'இது தவறு என நீங்கள் கருதினால், இந்த மின்னஞ்சலுக்குப் பதிலளிக்கவும்.',
      ],
    }),
  },
  'account-reinstated': {
    si: (d: SuspensionData) => ({
      subject: 'ඔබේ Lanka Electronics Marketplace ගිණුම නැවත සක්‍රියයි',
      greeting: WORDS.si.hello(d.name),
      lines: [
        `අපගේ කණ්ඩායම ${localTime(d.when, 'ශ්‍රී ලංකා වේලාව')} ඔබේ ${d.kind === 'seller' ? 'විකුණුම්කරු ' : ''}ගිණුම නැවත සක්‍රිය කළේය. ඔබට නැවත පිවිසිය හැක.`,
        ...(d.reason ? [`සටහන: ${d.reason}`] : []),
        ...(d.kind === 'seller' ? ['ඔබේ අයිතම සහ පැකේජ නැවතත් පාරිභෝගිකයින්ට පෙන්වයි.'] : []),
      ],
    }),
    ta: (d: SuspensionData) => ({
      subject: 'உங்கள் Lanka Electronics Marketplace கணக்கு மீண்டும் செயலில் உள்ளது',
      greeting: WORDS.ta.hello(d.name),
      lines: [
        `எங்கள் குழு ${localTime(d.when, 'இலங்கை நேரம்')} அன்று உங்கள் ${d.kind === 'seller' ? 'விற்பனையாளர் ' : ''}கணக்கை மீண்டும் செயல்படுத்தியது. நீங்கள் மீண்டும் உள்நுழையலாம்.`,
        ...(d.reason ? [`குறிப்பு: ${d.reason}`] : []),
        ...(d.kind === 'seller' ? ['உங்கள் பொருட்களும் தொகுப்புகளும் மீண்டும் வாடிக்கையாளர்களுக்குக் காட்டப்படுகின்றன.'] : []),
      ],
    }),
  },
  'order-status': {
    si: (d: StatusData) => ({
      subject: `ඔබේ ඇණවුම ${d.orderLineId} ${d.status === 'Shipped' ? 'යවා ඇත' : 'භාර දී ඇත'}`,
      greeting: WORDS.si.hello(d.name),
      lines: [
        d.status === 'Shipped'
          ? `සුබ පුවතක්: විකුණුම්කරු ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) යවා ඇත. එය දැන් ඔබ වෙත පැමිණෙමින් පවතී.`
          : `ඔබේ ඇණවුම ${d.orderLineId} (${d.quantity} × ${d.product}) භාර දී ඇත. ඔබ එයට කැමති වනු ඇතැයි අපි බලාපොරොත්තු වෙමු; අයිතමයේ පිටුවෙන් ඔබට එය සමාලෝචනය කළ හැක.`,
        ...shipment(d, {
          shipped: 'යැවූ වේලාව',
          time: 'ශ්‍රී ලංකා වේලාව',
          courier: 'කුරියර් සේවාව',
          tracking: 'ලුහුබැඳීමේ අංකය',
          track: 'ලුහුබඳින්න',
          expected: 'බෙදාහැරීමට අපේක්ෂිත දිනය',
        }),
      ],
    }),
    ta: (d: StatusData) => ({
      subject: `உங்கள் ஆர்டர் ${d.orderLineId} ${d.status === 'Shipped' ? 'அனுப்பப்பட்டது' : 'வழங்கப்பட்டது'}`,
      greeting: WORDS.ta.hello(d.name),
      lines: [
        d.status === 'Shipped'
          ? `நல்ல செய்தி: விற்பனையாளர் உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) ஐ அனுப்பியுள்ளார். அது உங்களை நோக்கி வந்துகொண்டிருக்கிறது.`
          : `உங்கள் ஆர்டர் ${d.orderLineId} (${d.quantity} × ${d.product}) வழங்கப்பட்டது. இது உங்களுக்குப் பிடிக்கும் என நம்புகிறோம்; பொருளின் பக்கத்திலிருந்து இதை மதிப்பாய்வு செய்யலாம்.`,
        ...shipment(d, {
          shipped: 'அனுப்பப்பட்ட நேரம்',
          time: 'இலங்கை நேரம்',
          courier: 'கூரியர்',
          tracking: 'கண்காணிப்பு எண்',
          track: 'கண்காணிக்க',
          expected: 'எதிர்பார்க்கப்படும் விநியோக நாள்',
        }),
      ],
    }),
  },
};
