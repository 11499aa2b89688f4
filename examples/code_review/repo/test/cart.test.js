import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cart } from '../src/cart.js';

test('total adds up the line items', () => {
  assert.equal(new Cart().add('tea', 4.5, 2).add('mug', 9).total(), 18);
});

test('a discount code takes its percentage off', () => {
  assert.equal(new Cart().add('mug', 20).useCode('WELCOME10').total(), 18);
});
