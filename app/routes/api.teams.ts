import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody } from "~/http/json-api.server";
import { shopListAction, shopListLoader } from "~/http/shop-list-api.server";

const contract = API_CONTRACT["/api/teams"];

/** GET /api/teams (?active=1) and POST /api/teams: app/http/shop-list-api.server.ts. */
export const loader = shopListLoader("teams");
export const action = shopListAction("teams", (request) => readJsonBody(request, contract.post.body()));
