"use strict";
// Gin Rummy table view (being written): until it registers, the page shows the view as JSON.
