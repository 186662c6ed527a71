/** What `count` pictures cost at `pricePerPicture` tokens each (charged per picture). */
export function picturesPrice(count: number, pricePerPicture: number): number {
  return count * pricePerPicture;
}

/** Whether the balance covers the price; the server decides in the end (402 when it doesn't). */
export function balanceCovers(balance: number, price: number): boolean {
  return balance >= price;
}
