import { Lang, t } from '../../i18n';
import type { VerificationReport } from '../../engine/report/report';
import { compileRules } from '../../engine/rules/compiled';
import { findRuleSet } from '../../engine/rules/rulesets';
import { boardInputFor, buildBoardModel } from '../board-model';
import { buildCardGridModel, cardGridLegend } from '../card-grid';
import { boundReport } from '../report-bounds';
import {
  AccountLine,
  IssueLine,
  presentReport,
  ReportColumns,
  ReportPresentation,
  TurnLine,
} from '../report-view';
import { drawBoard, drawCardGrid, drawLegend } from './board';
import {
  contentWidth,
  Doc,
  drawTable,
  fit,
  heading,
  MARGIN,
  openDoc,
  pageBottom,
  paragraphHeight,
  PDF_COLOURS,
  PdfColumn,
  placeParagraph,
  SANS,
  SANS_BOLD,
} from './doc';
import { placeLine } from './seeded-fonts';
import type { GameRecordDocument } from './types';

/**
 * A verified game: the final board with the findings outlined, the turn table
 * with written and computed scores and the flags, the final accounts and the
 * verdict.
 */
export async function gameRecordPdf(data: GameRecordDocument, lang: Lang): Promise<Buffer> {
  // At most REPORT_BOUNDS of a report is drawn; the page says what was left out.
  const { report } = boundReport(data.report);
  const view = presentReport(data.report, lang, { ruleOptions: data.options });
  const place = [data.tournament, data.division].filter(Boolean).join(' — ');
  const players = report.players.map((p) => p.name).join(' – ');
  const title = t(lang, 'pdf.gameRecordTitle');
  const { doc, finish } = openDoc({
    title: `${place}: ${players}`,
    lang,
    footer: `${place} · ${players}`,
  });
  const where =
    data.round !== undefined && data.table !== undefined
      ? t(lang, 'game.heading', { round: data.round, table: data.table })
      : data.round !== undefined
        ? t(lang, 'common.round', { n: data.round })
        : '';
  let y = heading(doc, title, [place, [where, players].filter(Boolean).join(' · ')]);

  // Verdict first: a judge reads it before anything else.
  y = verdict(doc, view.tone, view.sign, view.verdict, view.resultText, y);
  y = finalBoard(doc, data, report, view, lang, y);
  y = turnsSection(doc, view, lang, y);
  y = accountsSection(doc, view, lang, y);
  findingsSection(doc, view, lang, y);
  return finish();
}

/** The final board (or a card game's grid) with the findings' squares outlined, and its legend. */
function finalBoard(
  doc: Doc,
  data: GameRecordDocument,
  report: VerificationReport,
  view: ReportPresentation,
  lang: Lang,
  y: number,
): number {
  const width = contentWidth(doc);
  const ruleSet = findRuleSet(data.rules);
  const cards = ruleSet?.cards && compileRules(ruleSet, data.options).ruleSet.cards;
  if (cards) {
    const grid = buildCardGridModel(cards, report.board, view.highlight);
    if (grid) {
      const cell = 44;
      const gridWidth = cell * grid.size + Math.round(cell * 1.05);
      y += drawCardGrid(doc, grid, MARGIN + (width - gridWidth) / 2, y, cell) + 4;
      y += drawLegend(doc, cardGridLegend(grid, lang), MARGIN, y, width, lang) + 8;
    } else {
      y = paragraph(doc, t(lang, 'board.noGrid'), y, PDF_COLOURS.muted) + 8;
    }
  } else {
    const model = buildBoardModel(
      boardInputFor(data.rules, report.board, {
        options: data.options,
        highlight: view.highlight,
        ownership: report.ownership,
        players: report.players.map((p) => p.name),
      }),
    );
    const cell = Math.min(26, Math.floor((width - 40) / (model.size + 1.1)));
    const boardWidth = cell * model.size + Math.round(cell * 1.05);
    const bx = MARGIN + (width - boardWidth) / 2;
    y += drawBoard(doc, model, bx, y, cell, lang) + 4;
    y += drawLegend(doc, model, MARGIN, y, width, lang) + 8;
  }
  return y;
}

const red = (on: boolean): string | undefined => (on ? PDF_COLOURS.bad : undefined);

const turnFill = (r: TurnLine): string | undefined =>
  r.tone === 'bad' || r.flagged
    ? PDF_COLOURS.badFill
    : r.tone === 'warn'
      ? PDF_COLOURS.warnFill
      : undefined;

/** The turn table, then what of the report was left out. */
function turnsSection(doc: Doc, view: ReportPresentation, lang: Lang, y: number): number {
  if (y + 60 > pageBottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  y = sectionTitle(doc, t(lang, 'game.turns'), y);
  y = drawTable<TurnLine>(doc, turnColumns(view, lang), view.turns, {
    y,
    rowHeight: 16,
    fontSize: 7.5,
    headerHeight: 24,
    rowFill: turnFill,
    zebra: false,
  });
  y += 10;
  for (const note of view.omissions) y = paragraph(doc, note, y, PDF_COLOURS.muted) + 4;
  return y;
}

function turnColumns(view: ReportPresentation, lang: Lang): PdfColumn<TurnLine>[] {
  return [
    { header: '#', width: 18, align: 'right', text: (r) => String(r.number) },
    { header: t(lang, 'col.player'), flex: 0.95, text: (r) => r.playerName },
    {
      header: view.headers.play,
      flex: 0.9,
      text: (r) => (r.reading ? `${r.play} → ${r.reading}` : r.play),
    },
    { header: view.headers.words, flex: 1.05, text: (r) => r.wordsText },
    {
      header: t(lang, 'col.claimed'),
      width: 42,
      align: 'right',
      text: (r) => r.scoreClaimed,
      colour: (r) => red(r.scoreMismatch),
      bold: (r) => r.scoreMismatch,
    },
    {
      header: t(lang, 'col.computed'),
      width: 50,
      align: 'right',
      text: (r) => r.scoreComputed,
      bold: () => true,
    },
    {
      header: t(lang, 'col.total'),
      width: 50,
      align: 'right',
      text: (r) => (r.totalMismatch ? `${r.totalClaimed}≠${r.totalComputed}` : r.totalComputed),
      colour: (r) => red(r.totalMismatch),
    },
    ...(view.columns.clock
      ? [
          {
            header: t(lang, 'col.clock'),
            width: 34,
            align: 'center' as const,
            text: (r: TurnLine) => r.clock,
          },
        ]
      : []),
    {
      header: t(lang, 'col.status'),
      flex: 1.15,
      text: (r) => (r.flagged && r.tone !== 'bad' ? `⚑ ${r.statusLabel}` : r.statusLabel),
      colour: (r) =>
        r.tone === 'bad' || r.flagged
          ? PDF_COLOURS.bad
          : r.tone === 'ok'
            ? PDF_COLOURS.good
            : PDF_COLOURS.muted,
      bold: (r) => r.tone === 'bad' || r.flagged,
    },
  ];
}

function accountsSection(doc: Doc, view: ReportPresentation, lang: Lang, y: number): number {
  if (y + 70 > pageBottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  y = sectionTitle(doc, t(lang, 'game.accounts'), y);
  y = drawTable<AccountLine>(
    doc,
    accountColumns(view.columns, lang).filter((c): c is PdfColumn<AccountLine> => c !== false),
    view.accounts,
    { y, rowHeight: 17, fontSize: 8.5, headerHeight: 26, zebra: false },
  );
  return y + 12;
}

/** The accounts' columns; `false` where this game's tables have no such column. */
function accountColumns(shown: ReportColumns, lang: Lang): (PdfColumn<AccountLine> | false)[] {
  return [
    {
      header: t(lang, 'col.player'),
      flex: 1.4,
      text: (a) => (a.winner ? `${a.name} ★` : a.name),
      bold: (a) => a.winner,
    },
    { header: t(lang, 'game.moves'), flex: 0.6, align: 'right', text: (a) => String(a.moves) },
    shown.cards && {
      header: t(lang, 'col.cards'),
      flex: 0.6,
      align: 'right',
      text: (a) => (a.cards === null ? '' : String(a.cards)),
    },
    shown.drawnCard && {
      header: t(lang, 'pdf.drawnCard'),
      flex: 0.9,
      align: 'right',
      text: (a) => (a.drawnCard === null ? '' : String(a.drawnCard)),
    },
    shown.rackPenalty && {
      header: t(lang, 'game.rackPenalty'),
      flex: 0.8,
      align: 'right',
      text: (a) => (a.rackPenalty ? `-${a.rackPenalty}` : '0'),
    },
    shown.rackBonus && {
      header: t(lang, 'game.rackBonus'),
      flex: 0.8,
      align: 'right',
      text: (a) => (a.rackBonus ? `+${a.rackBonus}` : '0'),
    },
    shown.timePoints && {
      header: t(lang, 'game.timePoints'),
      flex: 0.8,
      align: 'right',
      text: (a) => (a.timePoints ? `-${a.timePoints}` : '0'),
    },
    {
      header: t(lang, 'game.final'),
      flex: 0.6,
      align: 'right',
      text: (a) => String(a.final),
      bold: () => true,
    },
    {
      header: t(lang, 'game.claimedFinal'),
      flex: 0.8,
      align: 'right',
      text: (a) => (a.claimedFinal === null ? '' : String(a.claimedFinal)),
      colour: (a) => red(a.finalMismatch),
      bold: (a) => a.finalMismatch,
    },
    shown.penalty && {
      header: t(lang, 'game.penalty'),
      flex: 0.7,
      align: 'right',
      text: (a) => (a.penaltyMinutes ? t(lang, 'game.minutes', { n: a.penaltyMinutes }) : ''),
    },
    shown.remaining && {
      header: t(lang, 'col.remaining'),
      flex: 0.8,
      align: 'right',
      text: (a) =>
        a.timeExpired ? `${a.remaining} (${t(lang, 'game.timeExpired')})` : a.remaining,
      colour: (a) => red(a.timeExpired),
    },
  ];
}

/** Findings, turn by turn, then of the whole game. */
function findingsSection(doc: Doc, view: ReportPresentation, lang: Lang, y: number): void {
  const findings: IssueLine[] = [...view.turns.flatMap((r) => r.issues), ...view.gameIssues];
  const notes = view.turns.flatMap((r) =>
    r.notes.map((n) => `${t(lang, 'game.turnN', { n: r.number })}: ${n}`),
  );
  y = sectionTitle(doc, t(lang, 'game.issues'), y);
  if (findings.length === 0 && notes.length === 0) {
    doc
      .font(SANS)
      .fontSize(9)
      .fillColor(PDF_COLOURS.muted)
      .text(t(lang, 'game.noIssues'), MARGIN, y);
  }
  for (const f of findings) {
    y = paragraph(
      doc,
      `${f.severityLabel}: ${f.text}`,
      y,
      f.tone === 'bad' ? PDF_COLOURS.bad : PDF_COLOURS.text,
    );
  }
  for (const n of notes) y = paragraph(doc, n, y, PDF_COLOURS.muted);
}

function verdict(
  doc: Doc,
  tone: 'ok' | 'warn' | 'bad',
  sign: string,
  text: string,
  result: string,
  y: number,
): number {
  const width = contentWidth(doc);
  const line = `${sign} ${text}`;
  const ok = tone !== 'bad';
  const fill =
    tone === 'ok' ? '#e8f5e9' : tone === 'warn' ? PDF_COLOURS.warnFill : PDF_COLOURS.badFill;
  doc.font(SANS_BOLD).fontSize(10);
  const textH = paragraphHeight(doc, line, width - 16);
  const h = textH + 24;
  doc
    .rect(MARGIN, y, width, h)
    .lineWidth(1.2)
    .fillAndStroke(fill, ok ? PDF_COLOURS.good : PDF_COLOURS.bad);
  doc.fillColor(ok ? PDF_COLOURS.good : PDF_COLOURS.bad);
  placeParagraph(doc, line, MARGIN + 8, y + 5, width - 16);
  doc.font(SANS).fontSize(9.5).fillColor(PDF_COLOURS.text);
  placeLine(doc, fit(doc, result, width - 16), MARGIN + 8, y + 9 + textH);
  return y + h + 8;
}

function sectionTitle(doc: Doc, text: string, y: number): number {
  doc.font(SANS_BOLD).fontSize(11).fillColor(PDF_COLOURS.text);
  placeLine(doc, text, MARGIN, y);
  return y + 17;
}

function paragraph(doc: Doc, text: string, y: number, colour: string): number {
  const width = contentWidth(doc);
  doc.font(SANS).fontSize(8.5);
  const h = paragraphHeight(doc, text, width);
  if (y + h > pageBottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  doc.fillColor(colour);
  placeParagraph(doc, text, MARGIN, y, width);
  return y + h + 3;
}
