import { describe, expect, it } from "vitest";
import { PgDialect } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { sites } from "./schema/index";
import { anyId, idListText } from "./id-list";

describe("ids as one array parameter", () => {
  it("writes PostgreSQL's array text of whole numbers; an empty list is the empty array", () => {
    expect(idListText([3, 1, 2])).toBe("{3,1,2}");
    expect(idListText(new Set([7]))).toBe("{7}");
    expect(idListText([])).toBe("{}");
    expect(idListText([4.9])).toBe("{4}");
  });

  it("is one parameter whatever the number of ids, so the statement text does not change", () => {
    const dialect = new PgDialect();
    const one = dialect.sqlToQuery(anyId(sites.id, [1]));
    const many = dialect.sqlToQuery(anyId(sites.id, [1, 2, 3, 4, 5]));
    expect(one.sql).toBe('"sites"."id" = any($1::text::int[])');
    expect(many.sql).toBe(one.sql);
    expect(many.params).toEqual(["{1,2,3,4,5}"]);
    const prepared = dialect.sqlToQuery(anyId(sites.id, sql.placeholder("ids")));
    expect(prepared.sql).toBe(one.sql);
  });
});
