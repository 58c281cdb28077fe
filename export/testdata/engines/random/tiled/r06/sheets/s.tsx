<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="64" tileheight="46" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="21" y="30" width="64" height="46">
  <properties>
   <property name="pivot" value="22,1"/>
   <property name="sprite" value="r06/sheets/s/1"/>
  </properties>
  <image source="../../../../art/r06/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="62.767628527646124,22.63867276285078 35.396401302533306,37.347599868528576 8.972483154046419,20.99788531166353 9.91979223067234,-10.06075635087932 37.291019455785154,-24.769683456557118 63.71493760427206,-8.41996889969205"/>
   </object>
   <object id="2" name="box" x="0" y="0">
    <polygon points="-1636.2485489602052,-192.3960685552954 -309.29893161584937,-467.65330668434 -288.95995274583515,-369.6039314447046 -1615.909570090191,-94.34669331566002"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
