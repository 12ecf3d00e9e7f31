import { describe, expect, it } from 'vitest';
import { DeliveryAddressSchema, formatAddress, SRI_LANKA_DISTRICTS } from './addresses';

const good = {
  recipient: 'Nimal Perera',
  phone: '0771234567',
  line1: '12 Galle Road',
  city: 'Colombo 03',
  district: 'Colombo',
  postalCode: '00300',
};

describe('DeliveryAddressSchema', () => {
  it('has the 25 districts', () => expect(new Set(SRI_LANKA_DISTRICTS).size).toBe(25));
  it('accepts an address and trims it', () => {
    const a = DeliveryAddressSchema.parse({ ...good, recipient: '  Nimal Perera ' });
    expect(a.recipient).toBe('Nimal Perera');
    expect(a.line2).toBe('');
    expect(formatAddress(a)).toBe('Nimal Perera, 12 Galle Road, Colombo 03 00300, Colombo District, 0771234567');
  });
  it.each([
    [{ phone: '771234567' }, 'Phone Number must be 10 digits starting with 0'],
    [{ phone: '1771234567' }, 'Phone Number must be 10 digits starting with 0'],
    [{ district: 'Western' }, 'Choose one of the 25 districts'],
    [{ postalCode: '123' }, 'Postal Code must be 5 digits'],
    [{ recipient: ' ' }, 'Recipient is required'],
    [{ city: undefined }, 'City is required'],
  ])('refuses %o with a clear message', (patch, message) => {
    const r = DeliveryAddressSchema.safeParse({ ...good, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});
