/**
 * Candidates for a query that is only a date ("yesterday", "what happened last week"): the
 * notes of those days, newest first. The date is their evidence, the floor does not apply,
 * and each scores its recency. Days still to come have no notes: for them ("what's on 4
 * December"), the notes of the year before that name one of those days in any phrasing the
 * date parser reads ("proposal by 4 December", "next Friday" written the day before).
 */
import { mentionsTimeIn } from "../dates/when.js";
import { maxStr, minStr, type SearchPlan } from "../plan.js";
import { datedChunks, type Candidate } from "./keyword.js";
import type { SearchIndexes } from "./stages.js";

export function datedRows(ix: SearchIndexes, plan: SearchPlan): Candidate[] {
  const range = plan.dates.range!;
  const q = plan.parsed;
  const from = maxStr(plan.filters.dateFrom, range.from);
  const to = minStr(plan.filters.dateTo, range.to);
  const fts = { required: q.requiredExpr, excluded: q.excludedExpr };
  if (plan.dates.searched === "mentions") return mentioning(ix, plan, fts);
  return from <= to ? datedChunks(ix.db, from, to, plan.limit, plan.filters, fts) : [];
}

/** Why a date-only query found nothing. */
export function noneDated(plan: SearchPlan): string {
  const range = plan.dates.range!;
  const days = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  return plan.dates.searched === "mentions" ? `no note mentions ${days}` : `no notes dated ${days}`;
}

/** How far back a note may plan a day ahead, and how many of those chunks are read. */
const MENTION_LOOKBACK_DAYS = 366;
const MENTION_SCAN = 5000;

/**
 * The chunks of notes dated in the (future) range, a plan written ahead on its own day's
 * page, then those written before it that name a day of it; newest first, so the plans come
 * before the notes that merely mention the days.
 */
function mentioning(ix: SearchIndexes, plan: SearchPlan, fts: { required: string; excluded: string }): Candidate[] {
  const range = plan.dates.range!;
  const from = maxStr(plan.filters.dateFrom, new Date(Date.parse(`${range.from}T00:00:00Z`) - MENTION_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10));
  const to = minStr(plan.filters.dateTo, range.to);
  if (from > to) return [];
  const rows = datedChunks(ix.db, from, to, MENTION_SCAN, plan.filters, fts);
  const inRange = (d: string) => d >= range.from && d <= range.to;
  return rows.filter((c) => c.date !== null && (inRange(c.date) || mentionsTimeIn(c.text, c.date, range))).slice(0, plan.limit);
}
