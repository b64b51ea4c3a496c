// next-auth's endpoints (sign-in redirect, the platform's callback, session, sign-out). The options
// are built on first request, not at import: `next build` imports route modules with no environment.
import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context): Promise<Response> {
  const response: Response = await NextAuth(request, context, getAuthOptions());
  return response;
}

export { handler as GET, handler as POST };
