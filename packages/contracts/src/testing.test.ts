import { describe, expect, it } from 'vitest';
import { operationFor, responseProblem } from './testing';

describe('response check of the integration tests', () => {
  it('finds the documented operation, the most specific template first, in any letter case', () => {
    expect(operationFor('GET', '/items/get/65a1b2c3d4e5f60718293a4b')?.path).toBe('/items/get/{id}');
    expect(operationFor('get', '/Items/getItems?page=2&limit=5')?.path).toBe('/items/getItems');
    expect(operationFor('GET', '/healthz')).toBeNull();
    expect(operationFor('PATCH', '/items/get/1')).toBeNull();
  });

  it('holds error answers to { error, fields? }', () => {
    expect(responseProblem('GET', '/items/get/x', 404, { error: 'Item not found' })).toBeNull();
    expect(responseProblem('GET', '/items/get/x', 404, { message: 'nope' })).toMatch(/error body is not/);
    expect(responseProblem('GET', '/items/get/x', 400, null)).toMatch(/error body is not/);
  });

  it('holds 2xx JSON answers to the closed response schema, naming a leaked field', () => {
    const item = {
      _id: '65a1b2c3d4e5f60718293a4b',
      Item_name: 'Galaxy A15',
      Brand: 'Samsung',
      Model: 'SM-A155F',
      Quantity: 3,
      Price: 59999,
      FinalPrice: 59999,
    };
    const problem = responseProblem('GET', '/items/get/65a1b2c3d4e5f60718293a4b', 200, { ...item, password: 'x' });
    expect(problem).toMatch(/GET \/items\/get\/\{id\} → 200: body outside the documented schema/);
    expect(problem).toMatch(/\(password\)/);
    // Non-JSON answers (PDFs, images) and undocumented paths are not checked.
    expect(responseProblem('GET', '/items/get/1', 200, null, 'image/webp')).toBeNull();
    expect(responseProblem('GET', '/readyz', 200, { anything: true })).toBeNull();
  });
});
