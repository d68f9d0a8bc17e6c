import { NextResponse } from "next/server";

// Any /api address no route file claims: a JSON 404 for every method, not Next's HTML page.
const notFound = () =>
  NextResponse.json({ error: { code: "not_found", message: "There is no API at this address. Check the path." } }, { status: 404 });

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
