console.log("passk");
