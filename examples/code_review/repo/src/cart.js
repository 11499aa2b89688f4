import { applyDiscount } from './discount.js';
import { formatPrice } from './format.js';

/** A cart of line items: name, unit price in euros, quantity. */
export class Cart {
  constructor() {
    this.items = [];
    this.discountCode = null;
  }

  add(name, price, quantity = 1) {
    // TODO: reject negative quantities
    this.items.push({ name, price, quantity });
    return this;
  }

  remove(name) {
    this.items = this.items.filter((item) => item.name !== name);
    return this;
  }

  useCode(code) {
    this.discountCode = code;
    return this;
  }

  subtotal() {
    let sum = 0;
    for (const item of this.items) sum += item.price * item.quantity;
    return sum;
  }

  total() {
    return applyDiscount(this.subtotal(), this.discountCode);
  }

  receipt() {
    const lines = this.items.map((item) => `${item.quantity} x ${item.name}  ${formatPrice(item.price * item.quantity)}`);
    return [...lines, `total  ${formatPrice(this.total())}`].join('\n');
  }
}
