import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody } from "~/http/json-api.server";
import { shopListAction, shopListLoader } from "~/http/shop-list-api.server";

const contract = API_CONTRACT["/api/showrooms"];

/** GET /api/showrooms (?active=1) and POST /api/showrooms: app/http/shop-list-api.server.ts. */
export const loader = shopListLoader("showrooms");
export const action = shopListAction("showrooms", (request) => readJsonBody(request, contract.post.body()));
