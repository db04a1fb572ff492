-- Room on every page of products for the new version of a row whose stock changes (issue 12, speed;
-- decision 0020). A placement changes each product's stock in place: a HOT update, one new row
-- version on the same page and no index entry, as stock is in no index. On a full page the new
-- version goes to another page and every one of the products' thirteen indexes gets an entry for it:
-- in the place-order benchmark half the stock updates were that (23 WAL records per placement's stock
-- statement instead of 4). A row is ~830 bytes: 80% leaves one version's room per 8 kB page.
-- Pages written from now on (a new catalogue, rows as they move) keep the room; an existing large
-- catalogue gets it everywhere at once with VACUUM FULL products, in a quiet hour (it locks the table).
ALTER TABLE products SET (fillfactor = 80);
