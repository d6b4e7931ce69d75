/**
 * The PaymentProvider port: Pix charges at a payment service provider (PSP). One adapter speaks the Banco Central's
 * Pix API standard over HTTP (pix/pix-api-client.ts) at PIX_API_URL: a real PSP in AWS, the fake provider
 * (test/fakes/pix-server.ts) that the local runtime starts. Provider field names stop at the adapter.
 */

/** A charge's state as the Pix API names it; CONCLUIDA means paid. */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface PixChargeRequest {
  /** our id of the charge: 26 to 35 letters and digits (the Pix API's rule) */
  txid: string;
  /** BRL with 2 decimals, as text ("49.00") */
  amount: string;
  /** who pays: a CPF (11 digits) or CNPJ (14 digits) with a name; omitted when the document is neither */
  payer?: { name: string; document: string };
  description: string;
  expiresInSeconds: number;
}

export interface PixCharge {
  txid: string;
  status: PixChargeStatus;
  amount: string;
  /** the copy-and-paste code (BR Code) the payer's bank app reads */
  copyPaste: string;
}

export interface PaymentProvider {
  createPixCharge(request: PixChargeRequest): Promise<PixCharge>;
  /** the charge as the provider knows it now; undefined when it knows no such charge */
  getPixCharge(txid: string): Promise<PixCharge | undefined>;
}

/** The provider refused a call or could not be reached. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
