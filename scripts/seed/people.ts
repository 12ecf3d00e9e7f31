/**
 * The demo people of the seeded marketplace: five seller companies around Sri Lanka and
 * customers with Sri Lankan names. Fixed data, so every fresh machine gets the same demo.
 */

import { DEMO_PASSWORDS } from '@market/platform';

/** Password of every demo seller after the seeder changes the generated one (refused in production). */
export const DEMO_SELLER_PASSWORD = DEMO_PASSWORDS.seller;
/** Password of every demo customer. */
export const DEMO_CUSTOMER_PASSWORD = DEMO_PASSWORDS.customer;
/** The customer account printed by `npm start`. */
export const DEMO_CUSTOMER_USERNAME = 'nimal';

export const DEMO_SELLERS = [
  {
    companyname: 'Colombo Mobile House',
    ownername: 'Chaminda Rathnayake',
    mobile: '0712345601',
    address: '18 Galle Road, Colombo 03',
    year: '2009',
    email: 'colombo.mobile@demo.lk',
  },
  {
    companyname: 'Kandy Tech Traders',
    ownername: 'Ruwan Jayasinghe',
    mobile: '0772345602',
    address: '45 Dalada Veediya, Kandy',
    year: '2012',
    email: 'kandy.tech@demo.lk',
  },
  {
    companyname: 'Galle Gadget Hub',
    ownername: 'Nadeesha Fernando',
    mobile: '0702345603',
    address: '12 Church Street, Galle Fort',
    year: '2015',
    email: 'galle.gadgets@demo.lk',
  },
  {
    companyname: 'Jaffna Digital',
    ownername: 'Suresh Sivakumar',
    mobile: '0762345604',
    address: '88 Hospital Road, Jaffna',
    year: '2011',
    email: 'jaffna.digital@demo.lk',
  },
  {
    companyname: 'Negombo Smart Devices',
    ownername: 'Dilani Perera',
    mobile: '0752345605',
    address: '7 Lewis Place, Negombo',
    year: '2018',
    email: 'negombo.smart@demo.lk',
  },
].map((s) => ({ ...s, description: `${s.companyname}: authorised reseller of phones, tablets and wearables since ${s.year}.` }));

const FIRST = ['Nimal', 'Kasun', 'Tharindu', 'Ishara', 'Dinuka', 'Sachini', 'Hiruni', 'Malsha', 'Pradeep', 'Shehan', 'Anjali', 'Lahiru'];
const LAST = [
  'Perera',
  'Silva',
  'Fernando',
  'Bandara',
  'Wickramasinghe',
  'Gunawardena',
  'Jayawardena',
  'Herath',
  'Dissanayake',
  'Kumara',
  'Rajapaksha',
  'Senanayake',
];
const TOWNS = [
  'Colombo 05',
  'Nugegoda',
  'Kandy',
  'Galle',
  'Matara',
  'Kurunegala',
  'Negombo',
  'Jaffna',
  'Anuradhapura',
  'Ratnapura',
  'Badulla',
  'Trincomalee',
];
const FEMALE = new Set(['Ishara', 'Sachini', 'Hiruni', 'Malsha', 'Anjali']);

/** The demo customers' sign-up bodies; the first is the printed demo account. */
export function demoCustomers() {
  return FIRST.map((firstName, i) => ({
    firstName,
    lastName: LAST[i]!,
    email: `${firstName.toLowerCase()}.${LAST[i]!.toLowerCase()}@demo.lk`,
    phoneNumber: `07${String(71234560 + i).padStart(8, '0')}`,
    dob: `${1975 + ((i * 3) % 25)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
    gender: FEMALE.has(firstName) ? ('Female' as const) : ('Male' as const),
    address: `${10 + i * 3} Main Street, ${TOWNS[i]}`,
    username: i === 0 ? DEMO_CUSTOMER_USERNAME : `${firstName.toLowerCase()}${LAST[i]!.toLowerCase().slice(0, 3)}`,
    password: DEMO_CUSTOMER_PASSWORD,
  }));
}

/** Review texts by stars, so the demo reviews read like reviews. */
export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Excellent phone, fast delivery to my door.',
    'Battery lasts two days. Very happy.',
    'Genuine product with warranty card. Recommended seller.',
  ],
  4: ['Good value for the price.', 'Works well, the box was a bit damaged.', 'Nice screen, camera is fine in daylight.'],
  3: ['Okay for the price, nothing special.', 'Delivery took a week to Jaffna.'],
  2: ['Gets warm when charging.', 'Charger was missing, seller sent it later.'],
  1: ['Stopped working after a week; returned it.'],
};
