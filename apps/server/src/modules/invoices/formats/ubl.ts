import { riyadhWallClock, sarDecimal, vatIncluded } from '@kora/contracts';
/**
 * The UBL 2.1 XML of a ZATCA simplified tax invoice, credit note or debit note (docs/domain.md, "ZATCA: the facts Kora builds on"), laid
 * out as the SDK's samples (tools/zatca/Samples/Simplified). It is written directly in canonical
 * form (C14N: namespace declarations in order, no empty-element tags, text escaped as C14N does),
 * so the invoice hash is the SHA-256 of the written text less the three parts the hash leaves out
 * (UBLExtensions, cac:Signature, the QR reference), with no XML parser. signing.ts stamps it.
 */

/** 388 invoice, 381 credit note, 383 debit note. */
export type DocumentTypeCode = '388' | '381' | '383';

/** The seller as the document names it (a snapshot taken at issuance). */
export interface UblSeller {
  name: string;
  vatNumber: string;
  /** Commercial registration (schemeID CRN). */
  crNumber: string | null;
  street: string | null;
  buildingNumber: string | null;
  district: string | null;
  city: string | null;
  postalCode: string | null;
}

export interface UblInput {
  typeCode: DocumentTypeCode;
  /** `cbc:ID`: the academy's gapless document number. */
  number: number;
  uuid: string;
  issuedAt: Date;
  /** Invoice counter value (ICV) and the previous document's hash (PIH, base64). */
  icv: number;
  pih: string;
  seller: UblSeller;
  buyerName: string;
  /** The one line: the package, its VAT-inclusive price and the VAT within it (halalas). */
  line: { name: string; totalHalalas: number; vatHalalas: number };
  /** A document-level allowance, VAT included (a sibling price): the total is the line's less it, VAT computed after it. */
  allowance?: { halalas: number; reason: string };
  paymentMethod: 'Cash' | 'Card';
  /** Credit and debit notes: the invoice they correct (e.g. 'Invoice 12, 2026-11-01') and why. */
  billingReference?: { id: string; reason: string };
  /** `InvoiceTypeCode/@name`; simplified (02…) by default. */
  subtype?: string;
}

/** What signing.ts needs: the canonical text the hash covers, the QR's tags 1–5, and the assembly. */
export interface UnsignedDocument {
  canonical: string;
  qr: { sellerName: string; vatNumber: string; timestamp: string; total: string; vat: string };
  assemble(extensions: string, qr: string): string;
}

const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
};
const PAYMENT_MEANS = { Cash: '10', Card: '48' } as const;
export const SIMPLIFIED_SUBTYPE = '0200000';

/** Text as the document states it: characters XML 1.0 forbids (controls) dropped, white space made single spaces. */
export const cleanText = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Text content as C14N writes it: &, < and > escaped (carriage returns, which it writes as &#xD;, are gone already). */
export const xmlText = (value: string) => cleanText(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An instant as Riyadh's date and time (UTC+3 all year): ['2026-11-01', '00:30:00']. */
export function riyadhDateTime(d: Date): [string, string] {
  const wall = riyadhWallClock(d);
  return [wall.slice(0, 10), wall.slice(11, 19)];
}

/** An element with text; absent (not empty) when there is no value. */
const el = (name: string, value: string | number | null | undefined, attrs = '') =>
  value === null || value === undefined || String(value).trim() === '' ? '' : `<${name}${attrs}>${xmlText(String(value))}</${name}>`;
const amount = (name: string, halalas: number) => `<${name} currencyID="SAR">${sarDecimal(halalas)}</${name}>`;

/** Joins child elements one per line at an indentation (4 spaces a level, as the samples). */
const block = (level: number, parts: string[]) => {
  const pad = `\n${' '.repeat(level * 4)}`;
  return parts
    .filter(Boolean)
    .map((p) => pad + p)
    .join('');
};
const wrap = (name: string, level: number, parts: string[]) => `<${name}>${block(level + 1, parts)}\n${' '.repeat(level * 4)}</${name}>`;

const vatCategory = (name: string, level: number) =>
  wrap(name, level, [el('cbc:ID', 'S'), el('cbc:Percent', '15.00'), wrap('cac:TaxScheme', level + 1, [el('cbc:ID', 'VAT')])]);

export function buildUbl(input: UblInput): UnsignedDocument {
  const { seller, line } = input;
  const [date, time] = riyadhDateTime(input.issuedAt);
  const net = line.totalHalalas - line.vatHalalas;
  // With an allowance the document's totals are the line's less it: VAT is the share of what is paid,
  // and the allowance stated without VAT is what separates the line's net from the taxable amount.
  const total = line.totalHalalas - (input.allowance?.halalas ?? 0);
  const vat = input.allowance ? vatIncluded(total) : line.vatHalalas;
  const taxable = total - vat;
  const allowanceNet = net - taxable;
  const attachment = (value: string) =>
    wrap('cac:Attachment', 2, [`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${value}</cbc:EmbeddedDocumentBinaryObject>`]);

  const head = block(1, [
    el('cbc:ProfileID', 'reporting:1.0'),
    el('cbc:ID', input.number),
    el('cbc:UUID', input.uuid),
    el('cbc:IssueDate', date),
    el('cbc:IssueTime', time),
    `<cbc:InvoiceTypeCode name="${input.subtype ?? SIMPLIFIED_SUBTYPE}">${input.typeCode}</cbc:InvoiceTypeCode>`,
    el('cbc:DocumentCurrencyCode', 'SAR'),
    el('cbc:TaxCurrencyCode', 'SAR'),
    input.billingReference
      ? wrap('cac:BillingReference', 1, [wrap('cac:InvoiceDocumentReference', 2, [el('cbc:ID', input.billingReference.id)])])
      : '',
    wrap('cac:AdditionalDocumentReference', 1, [el('cbc:ID', 'ICV'), el('cbc:UUID', input.icv)]),
    wrap('cac:AdditionalDocumentReference', 1, [el('cbc:ID', 'PIH'), attachment(input.pih)]),
  ]);
  const parties = block(1, [
    wrap('cac:AccountingSupplierParty', 1, [
      wrap('cac:Party', 2, [
        seller.crNumber ? wrap('cac:PartyIdentification', 3, [el('cbc:ID', seller.crNumber, ' schemeID="CRN"')]) : '',
        wrap('cac:PostalAddress', 3, [
          el('cbc:StreetName', seller.street),
          el('cbc:BuildingNumber', seller.buildingNumber),
          el('cbc:CitySubdivisionName', seller.district),
          el('cbc:CityName', seller.city),
          el('cbc:PostalZone', seller.postalCode),
          wrap('cac:Country', 4, [el('cbc:IdentificationCode', 'SA')]),
        ]),
        wrap('cac:PartyTaxScheme', 3, [el('cbc:CompanyID', seller.vatNumber), wrap('cac:TaxScheme', 4, [el('cbc:ID', 'VAT')])]),
        wrap('cac:PartyLegalEntity', 3, [el('cbc:RegistrationName', seller.name)]),
      ]),
    ]),
    wrap('cac:AccountingCustomerParty', 1, [
      wrap('cac:Party', 2, [wrap('cac:PartyLegalEntity', 3, [el('cbc:RegistrationName', input.buyerName)])]),
    ]),
    wrap('cac:PaymentMeans', 1, [
      el('cbc:PaymentMeansCode', PAYMENT_MEANS[input.paymentMethod]),
      el('cbc:InstructionNote', input.billingReference?.reason),
    ]),
    input.allowance
      ? wrap('cac:AllowanceCharge', 1, [
          el('cbc:ChargeIndicator', 'false'),
          el('cbc:AllowanceChargeReasonCode', '95'),
          el('cbc:AllowanceChargeReason', input.allowance.reason),
          amount('cbc:Amount', allowanceNet),
          vatCategory('cac:TaxCategory', 2),
        ])
      : '',
    // Two tax totals, as KSA asks: one in the tax currency without breakdown, one with the 15% breakdown.
    wrap('cac:TaxTotal', 1, [amount('cbc:TaxAmount', vat)]),
    wrap('cac:TaxTotal', 1, [
      amount('cbc:TaxAmount', vat),
      wrap('cac:TaxSubtotal', 2, [amount('cbc:TaxableAmount', taxable), amount('cbc:TaxAmount', vat), vatCategory('cac:TaxCategory', 3)]),
    ]),
    wrap('cac:LegalMonetaryTotal', 1, [
      amount('cbc:LineExtensionAmount', net),
      amount('cbc:TaxExclusiveAmount', taxable),
      amount('cbc:TaxInclusiveAmount', total),
      amount('cbc:AllowanceTotalAmount', input.allowance ? allowanceNet : 0),
      amount('cbc:PrepaidAmount', 0),
      amount('cbc:PayableAmount', total),
    ]),
    wrap('cac:InvoiceLine', 1, [
      el('cbc:ID', 1),
      el('cbc:InvoicedQuantity', '1.000000', ' unitCode="PCE"'),
      amount('cbc:LineExtensionAmount', net),
      wrap('cac:TaxTotal', 2, [amount('cbc:TaxAmount', line.vatHalalas), amount('cbc:RoundingAmount', line.totalHalalas)]),
      wrap('cac:Item', 2, [el('cbc:Name', line.name), vatCategory('cac:ClassifiedTaxCategory', 3)]),
      wrap('cac:Price', 2, [amount('cbc:PriceAmount', net)]),
    ]),
  ]);

  return unsignedDocument(`${ROOT}${head}${PAD}${PAD}${parties}${END}`, {
    sellerName: cleanText(seller.name),
    vatNumber: seller.vatNumber,
    timestamp: `${date}T${time}`,
    total: sarDecimal(total),
    vat: sarDecimal(vat),
  });
}

// C14N writes the root's namespace declarations default first, then by prefix.
const ROOT = `<Invoice xmlns="${NS.inv}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}">`;
const PAD = '\n    ';
const END = '\n</Invoice>';
const SIGNATURE = wrap('cac:Signature', 1, [
  el('cbc:ID', 'urn:oasis:names:specification:ubl:signature:Invoice'),
  el('cbc:SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
]);
const qrReference = (qr: string) =>
  wrap('cac:AdditionalDocumentReference', 1, [
    el('cbc:ID', 'QR'),
    wrap('cac:Attachment', 2, [`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject>`]),
  ]);

/**
 * The document of a canonical text buildUbl wrote (the same characters as the full document with
 * the three parts the hash leaves out cut out: the white space between them stays) and its QR tags
 * 1–5. A document that waits for a certificate is stored as this text (migration 0036) and signed
 * later through it: what the hash covers is exactly what was issued.
 */
export function unsignedDocument(canonical: string, qr: UnsignedDocument['qr']): UnsignedDocument {
  // The canonical text is the root, the head (up to the PIH), two pads where the QR reference and
  // cac:Signature were, then the parties and the end; the parties start on a line of their own.
  const cut = canonical.indexOf(`${PAD}${PAD}${PAD}<cac:AccountingSupplierParty>`);
  if (!canonical.startsWith(ROOT) || cut < 0 || !canonical.endsWith(END)) throw new Error('Not a canonical document written by ubl.ts');
  const head = canonical.slice(ROOT.length, cut);
  const rest = canonical.slice(cut + 2 * PAD.length);
  return {
    canonical,
    qr,
    assemble: (extensions, qrValue) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n${ROOT}${extensions}${head}${PAD}${qrReference(qrValue)}${PAD}${SIGNATURE}${rest}\n`,
  };
}
