import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody } from "~/http/json-api.server";
import { shopRowAction } from "~/http/shop-list-api.server";

const contract = API_CONTRACT["/api/showrooms/{id}"];

/** PUT /api/showrooms/:id: app/http/shop-list-api.server.ts. */
export const action = shopRowAction("showrooms", (request) => readJsonBody(request, contract.put.body()));
