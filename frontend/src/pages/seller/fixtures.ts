/**
 * Test data of the seller pages' component tests: one of the signed-in seller's items as the
 * gateway answers it (discounted 10 %, version 4); `over` replaces fields.
 */
import { SELLER } from '../../test-utils';

export const sellerItem = (over: Record<string, unknown> = {}) => ({
  _id: 'a1a1a1a1a1a1a1a1a1a1a1a1',
  Item_name: 'Galaxy A55',
  Brand: 'Samsung',
  Model: 'M-A55',
  Quantity: 6,
  Price: 95000,
  FinalPrice: 85500,
  Stock_keeping_unit: 'SKU-A55',
  Description: 'Phone',
  Specification: '8 GB',
  WHT: 'Charger',
  Warrenty: 1,
  Color_family: ['Black'],
  Other_colors: '',
  Images: [],
  Category: 'Mobile Phones',
  SellerID: SELLER._id,
  ItemAvailabilityStatus: true,
  DiscountStatus: true,
  DiscountPrecentage: 10,
  rating: null,
  reviewCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  version: 4,
  ...over,
});
